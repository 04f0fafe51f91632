import type { ComponentType, ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createApi, type Api } from '@instalment/contract/api';
import { ApiContext, createHost, HostContext, type Host, type PageProps, type Query, withQuery } from '@instalment/host-sdk/host';
import type { Locale } from '@instalment/contract/i18n';
import { loginUserinfo } from './fixtures';

/** Every call of the bound API as a jest mock, typed as the call it stands in for. */
type AnyCall = (...args: never[]) => unknown;
export type ApiMock = { [G in keyof Api]: { [F in keyof Api[G]]: Api[G][F] extends AnyCall ? jest.MockedFunction<Api[G][F]> : never } };

export interface TestHostOptions {
  locale?: Locale;
  /** Start with a session, as a page that needs login is only ever shown with one. */
  loggedIn?: boolean;
}

/**
 * The one test host of every package: a real host (session, locale, HTTP client) over jsdom's
 * storage, with the screen and navigation recorded. Every API call is a mock that rejects until
 * the test stubs it, so a page that asks for more than the test expects fails loudly instead of
 * reaching for the network.
 */
export function createTestHost({ locale = 'en', loggedIn = false }: TestHostOptions = {}) {
  window.localStorage.clear();
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const nav = {
    navigate: jest.fn(),
    back: jest.fn(),
    requireLogin: jest.fn(),
    finishLogin: jest.fn(),
    routeUrl: jest.fn((path: string, query?: Query) => `http://app.test/#${withQuery(path, query)}`),
  };
  const host = createHost({ apiBaseURL: 'http://api.test', storage: window.localStorage, languages: [locale], ui, ...nav });
  const api = createApi(host.http);
  for (const [group, calls] of Object.entries(api) as Array<[string, Record<string, unknown>]>) {
    for (const name of Object.keys(calls)) {
      calls[name] = jest.fn(() => Promise.reject(new Error(`unstubbed call api.${group}.${name}`)));
    }
  }
  apis.set(host, api);
  if (loggedIn) host.session.setLogin(loginUserinfo());
  return { host, api: api as unknown as ApiMock, ui, nav, navigate: nav.navigate };
}

/** Each test host's mocked calls, of which the pages it renders get those they name to `useApi(...)`. */
const apis = new WeakMap<Host, Api>();

export type TestHost = ReturnType<typeof createTestHost>['host'];

export function renderWithHost(host: TestHost, element: ReactElement) {
  return render(
    <HostContext.Provider value={host}>
      <ApiContext.Provider value={apis.get(host) ?? null}>{element}</ApiContext.Provider>
    </HostContext.Provider>,
  );
}

export function renderPage(Page: ComponentType<PageProps>, host: TestHost, query: Query = {}) {
  return renderWithHost(host, <Page query={query} />);
}
