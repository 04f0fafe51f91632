import { DEV_ENDPOINTS, userIndex } from '@instalment/contract/api';
import { signUp, startServer, type TestServer } from '../helpers';

/**
 * The development clock (POST /dev/clock, DEV_ROUTES only): a person or a browser test moves one
 * API process's time forward to see what a day, or a month, turning over does.
 */
let moved: TestServer;
let kept: TestServer;
beforeAll(async () => {
  // No clock of the test's own: the process's, which the route moves.
  [moved, kept] = await Promise.all([startServer({ now: undefined }), startServer()]);
});
afterAll(() => Promise.all([moved.close(), kept.close()]));

test('moved forward past a session’s lifetime, the process finds the borrower signed out', async () => {
  const borrower = await signUp(moved);
  expect((await userIndex(borrower.http)).mobile).toBe(borrower.mobile);
  const lifetimeMs = moved.app.appConfig.tokenTtlSeconds * 1000;
  const before = Date.now();
  const { now } = await moved.client().http.post<{ now: string }>(DEV_ENDPOINTS.clock, { advance_ms: lifetimeMs + 1000 });
  expect(Date.parse(now)).toBeGreaterThanOrEqual(before + lifetimeMs);
  await expect(userIndex(borrower.http)).rejects.toMatchObject({ code: 401 });
});

test('a process whose clock a test keeps refuses to move it, saying why', async () => {
  await expect(kept.client().http.post(DEV_ENDPOINTS.clock, { advance_ms: 1000 })).rejects.toThrow(
    'This API’s clock is kept by the test that started it.',
  );
});
