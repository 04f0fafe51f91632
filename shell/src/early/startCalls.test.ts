import { ENDPOINTS, TOKEN_HEADER } from '@instalment/contract/api/endpoints';
import { PAGES } from '@instalment/federation/pages';
import { takeEarlyCall } from './handover';
import { startOpeningCalls } from './startCalls';

const API = 'http://api.test/';
const asked = jest.fn((_url: string, _init: RequestInit) =>
  Promise.resolve({ status: 200, statusText: 'OK', blob: () => Promise.resolve(new Blob(['{"code":1,"msg":"","data":[]}'])) }),
);

beforeEach(() => {
  asked.mockClear();
  window.__instalmentEarlyCalls = undefined;
  global.fetch = asked as unknown as typeof fetch;
  if (typeof global.Response === 'undefined') {
    global.Response = class {
      constructor(
        readonly body: Blob,
        readonly init: ResponseInit,
      ) {}
    } as unknown as typeof Response;
  }
});

test("a finger on the repayments tab starts its page's call with the session's token, for its GET to take once", () => {
  startOpeningCalls(PAGES.repayments, { apiBaseURL: API, token: 'token-1' });
  expect(asked).toHaveBeenCalledTimes(1);
  const [url, init] = asked.mock.calls[0];
  expect(url).toBe(`http://api.test${ENDPOINTS.dueLoans}`);
  expect(init.headers).toEqual({ [TOKEN_HEADER]: 'token-1' });
  expect(init.credentials).toBe('omit');

  expect(takeEarlyCall(ENDPOINTS.dueLoans, 'token-1')).toBeInstanceOf(Promise);
  expect(takeEarlyCall(ENDPOINTS.dueLoans, 'token-1')).toBeUndefined();
});

test('a second touch while the call is on its way asks nothing more; another session asks anew', () => {
  startOpeningCalls(PAGES.repayments, { apiBaseURL: API, token: 'token-1' });
  startOpeningCalls(PAGES.repayments, { apiBaseURL: API, token: 'token-1' });
  expect(asked).toHaveBeenCalledTimes(1);
  startOpeningCalls(PAGES.repayments, { apiBaseURL: API, token: 'token-2' });
  expect(asked).toHaveBeenCalledTimes(2);
  expect(window.__instalmentEarlyCalls?.[ENDPOINTS.dueLoans]?.token).toBe('token-2');
});

test('nothing for a page that needs a session the device does not hold, nor for a call made of a query', () => {
  startOpeningCalls(PAGES.repayments, { apiBaseURL: API, token: '' });
  startOpeningCalls(PAGES.repay, { apiBaseURL: API, token: 'token-1' });
  startOpeningCalls(PAGES.profile, { apiBaseURL: API, token: 'token-1' });
  expect(PAGES.repay.opensWith?.some((call) => call.fromQuery?.length)).toBe(true);
  expect(asked).not.toHaveBeenCalled();
});
