import type { ComponentType } from 'react';
import type { Instalment } from '@instalment/shared/api';
import type { PageProps, Query } from '@instalment/shared/host';
import { createTestHost, renderPage as render } from '@instalment/shared/testing';

export const API_BASE = 'http://api.test';

/** The shared test host, signed in: every API call fails until the test stubs it. */
export function testHost() {
  const { host, ui, navigate } = createTestHost({ loggedIn: true });
  return { host, ui, navigate };
}

export type TestHost = ReturnType<typeof testHost>['host'];

export function renderPage(Page: ComponentType<PageProps>, host: TestHost, query: Query = {}) {
  return render(Page, host, query);
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
