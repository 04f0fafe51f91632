import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import type { Api, LoginUserinfo } from '@instalment/shared/api';
import { createHost } from '@instalment/shared/harness';
import { HostContext, type PageProps, type Query } from '@instalment/shared/host';

type MockedApi = { [G in keyof Api]: { [F in keyof Api[G]]: jest.Mock } };

/**
 * A real host (session, locale, HTTP client) over jsdom's localStorage, with the screen and the
 * navigation recorded. Every API call is replaced by a mock that fails until a test stubs it,
 * so no test reaches the network by accident.
 */
export function makeTestHost() {
  const ui = {
    toast: jest.fn(),
    showLoading: jest.fn(),
    hideLoading: jest.fn(),
    confirm: jest.fn(async () => true),
  };
  const nav = {
    navigate: jest.fn(),
    back: jest.fn(),
    requireLogin: jest.fn(),
    finishLogin: jest.fn(),
    routeUrl: jest.fn((path: string) => `http://app.test/#${path}`),
  };
  const host = createHost({ apiBaseURL: 'http://api.test', storage: window.localStorage, languages: ['en'], ui, ...nav });
  for (const [group, calls] of Object.entries(host.api) as Array<[string, Record<string, unknown>]>) {
    for (const name of Object.keys(calls)) {
      calls[name] = jest.fn(() => Promise.reject(new Error(`unstubbed call api.${group}.${name}`)));
    }
  }
  return { host, ui, nav, api: host.api as unknown as MockedApi };
}

export type TestHost = ReturnType<typeof makeTestHost>;

export function renderPage(Page: ComponentType<PageProps>, { host }: TestHost, query: Query = {}) {
  return render(
    <HostContext.Provider value={host}>
      <Page query={query} />
    </HostContext.Provider>,
  );
}

/** Far enough ahead that no test run sees it expire. */
export const FAR_EXPIRY = 4_102_444_800;

/** A login result as the server sends it (SPEC §3). */
export function loginUserinfo(overrides: Partial<LoginUserinfo> = {}): LoginUserinfo {
  return {
    token: 'token-abc',
    expiretime: FAR_EXPIRY,
    expires_in: 2_592_000,
    id: 7,
    user_id: 7,
    username: '13812345678',
    nickname: 'Li Lei',
    mobile: '13812345678',
    avatar: '',
    score: 20,
    money: '1234.50',
    createtime: 1_700_000_000,
    ...overrides,
  };
}
