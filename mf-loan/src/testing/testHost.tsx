import type { ReactElement } from 'react';
import type { Api } from '@instalment/shared/api';
import { createTestHost, renderWithHost as render, type TestHost as SharedTestHost } from '@instalment/shared/testing';

export type LoanApiMock = { [K in keyof Api['loan']]: jest.MockedFunction<Api['loan'][K]> };

/** The shared test host, signed in unless a test says otherwise, with the loan and portfolio calls at hand. */
export function makeTestHost({ loggedIn = true }: { loggedIn?: boolean } = {}) {
  const { host, api, navigate } = createTestHost({ loggedIn });
  return { host, loan: api.loan as unknown as LoanApiMock, portfolio: api.portfolio, navigate };
}

export type TestHost = SharedTestHost;

export function renderWithHost(host: TestHost, page: ReactElement) {
  return render(host, page);
}
