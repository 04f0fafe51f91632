import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Api } from '@instalment/shared/api';
import { createHost, withQuery } from '@instalment/shared/harness';
import { HostContext } from '@instalment/shared/host';
import { nowSeconds } from '@instalment/shared/session';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

export type LoanApiMock = { [K in keyof Api['loan']]: jest.MockedFunction<Api['loan'][K]> };

/**
 * A real host (session, locale, channels) whose loan calls are jest mocks; a call a test did
 * not stub rejects, so a page that asks for more than the test expects fails loudly.
 */
export function makeTestHost({ loggedIn = true }: { loggedIn?: boolean } = {}) {
  const navigate = jest.fn();
  const host = createHost({
    apiBaseURL: 'http://api.test',
    storage: new MemoryStorage(),
    languages: ['en'],
    ui: { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) },
    navigate,
    back: jest.fn(),
    requireLogin: jest.fn(),
    finishLogin: jest.fn(),
    routeUrl: (path, query) => `#${withQuery(path, query)}`,
  });
  const loan = {} as Record<string, jest.Mock>;
  for (const name of Object.keys(host.api.loan)) {
    loan[name] = jest.fn(() => Promise.reject(new Error(`${name} was not stubbed`)));
  }
  Object.assign(host.api.loan, loan);
  if (loggedIn) {
    host.session.setLogin({
      token: 'test-token',
      expiretime: nowSeconds() + 3600,
      expires_in: 3600,
      id: 7,
      user_id: 7,
      username: 'zhang',
      nickname: 'Zhang',
      mobile: '13800138000',
      avatar: '',
      score: 0,
      money: '0.00',
      createtime: nowSeconds(),
    });
  }
  return { host, loan: host.api.loan as unknown as LoanApiMock, navigate };
}

export type TestHost = ReturnType<typeof makeTestHost>['host'];

export function renderWithHost(host: TestHost, page: ReactElement) {
  return render(<HostContext.Provider value={host}>{page}</HostContext.Provider>);
}
