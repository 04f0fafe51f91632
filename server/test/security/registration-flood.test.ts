import { ENDPOINTS } from '@instalment/shared/api';
import * as passwords from '../../src/services/passwords';
import { PASSWORD, signUp, startServer, type TestServer } from '../helpers';
import { flood, post } from './traffic';

let server: TestServer;
beforeAll(async () => {
  // A hash of a few tens of ms (the real one is slower still): if registration hashed before
  // checking the code, the flood below would queue dozens of them ahead of the real login.
  // The per-address limit is lifted so that only the order of the checks is under test.
  server = await startServer({ passwordCostLog2: 14, limits: { registrationsPerAddress: 100_000 } });
});
afterAll(() => server.close());

test('a flood of bogus registrations leaves a real login under 200 ms', async () => {
  const user = await signUp(server);
  let flooding = true;
  const bogus = flood(400, 64, async (index) => {
    if (!flooding) return null;
    const mobile = `137${String(index).padStart(8, '0')}`;
    return post(server.baseURL, ENDPOINTS.register, { mobile, code: '123456', password: 'guess1234' });
  });
  const hashes = jest.spyOn(passwords, 'hashPassword');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const started = performance.now();
  const answer = await post(server.baseURL, ENDPOINTS.login, { account: user.mobile, password: PASSWORD });
  const elapsed = performance.now() - started;
  flooding = false;
  const refused = (await bogus).filter((item) => item !== null);
  expect(answer.body.code).toBe(1);
  expect(refused.length).toBeGreaterThan(64);
  expect(refused.every((item) => item.body.msg === 'Request a verification code first.')).toBe(true);
  // Not one password was hashed for a registration whose code was never sent: the guard that
  // does not depend on how busy the machine is.
  expect(hashes).not.toHaveBeenCalled();
  hashes.mockRestore();
  expect(elapsed).toBeLessThan(200);
});
