import type { ComponentType } from 'react';
import type { LoginUserinfo } from '@instalment/shared/api';
import type { PageProps, Query } from '@instalment/shared/host';
import { createTestHost, loginUserinfo as sharedUserinfo, renderPage as render } from '@instalment/shared/testing';

/** The shared test host: every API call fails until a test stubs it. */
export function makeTestHost() {
  return createTestHost();
}

export type TestHost = ReturnType<typeof makeTestHost>;

export function renderPage(Page: ComponentType<PageProps>, { host }: TestHost, query: Query = {}) {
  return render(Page, host, query);
}

/** Far enough ahead that no test run sees it expire. */
export const FAR_EXPIRY = 4_102_444_800;

/** A login result as the server sends it (SPEC §3). */
export function loginUserinfo(overrides: Partial<LoginUserinfo> = {}): LoginUserinfo {
  return sharedUserinfo({ token: 'token-abc', expiretime: FAR_EXPIRY, expires_in: 2_592_000, ...overrides });
}
