import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import type { Instalment } from '@instalment/shared/api';
import { createHost } from '@instalment/shared/harness';
import { HostContext, type PageProps, type Query } from '@instalment/shared/host';

export const API_BASE = 'http://api.test';

/** A real host (session, locale, client) on a fake API, with the screen and navigation recorded. */
export function testHost() {
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const navigate = jest.fn();
  const host = createHost({
    apiBaseURL: API_BASE,
    storage: window.localStorage,
    languages: ['en'],
    ui,
    navigate,
    back: jest.fn(),
    requireLogin: jest.fn(),
    finishLogin: jest.fn(),
    routeUrl: (path, query) => `http://app.test/#${path}${query ? `?${new URLSearchParams(query)}` : ''}`,
  });
  return { host, ui, navigate };
}

export type TestHost = ReturnType<typeof testHost>['host'];

export function renderPage(Page: ComponentType<PageProps>, host: TestHost, query: Query = {}) {
  return render(
    <HostContext.Provider value={host}>
      <Page query={query} />
    </HostContext.Provider>,
  );
}

export function instalment(period: number, status: Instalment['status'], total: string, extra: Partial<Instalment> = {}): Instalment {
  return {
    period,
    due_date: `2026-0${period}-15`,
    principal: total,
    interest: '0.00',
    fee: '0.00',
    penalty: '0.00',
    total,
    status,
    overdue_days: 0,
    paid_at: status === 'paid' ? '2026-01-15T02:00:00.000Z' : null,
    under_review: false,
    ...extra,
  };
}

/** Period 1 paid, 2 overdue, 3 and 4 still to come. */
export const schedule = () => ({
  order_no: 'L100',
  list: [
    instalment(1, 'paid', '300.00'),
    instalment(2, 'overdue', '306.00', { penalty: '6.00', overdue_days: 12 }),
    instalment(3, 'unpaid', '300.00'),
    instalment(4, 'unpaid', '300.00'),
  ],
});

/** Stands in for some of the loan calls (the bound API's members are read-only to pages, not to tests). */
export function stubLoan(host: TestHost, calls: Partial<TestHost['api']['loan']>): void {
  Object.assign(host.api.loan, calls);
}
