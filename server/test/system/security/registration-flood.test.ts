import { Worker } from 'node:worker_threads';
import { CURRENT_AGREEMENT, ENDPOINTS } from '@instalment/contract/api';
import * as passwords from '../../../src/services/passwords';
import { PASSWORD, signUp, startServer, type TestServer } from '../../helpers';
import { post } from './traffic';

let server: TestServer;
beforeAll(async () => {
  // The per-address limit is lifted so that only the order of the checks is under test. How long
  // a real login takes under such a flood is a figure of `npm run bench:api`, not of this test.
  server = await startServer({ limits: { registrationsPerAddress: 100_000 } });
});
afterAll(() => server.close());

/**
 * The attacker's connections of bogus registrations, sent from a thread of their own (an
 * attacker is elsewhere), so that the test's own client work does not share the server's event
 * loop. `stop` answers the messages the server refused them with.
 */
function registrationFlood(baseURL: string, connections: number, atLeast: number): { stop(): Promise<string[]> } {
  const worker = new Worker(
    `
    const { workerData, parentPort } = require('node:worker_threads');
    let stopped = false;
    let next = 0;
    const messages = [];
    parentPort.on('message', () => { stopped = true; });
    async function connection() {
      // Counted, not timed: however slow the machine, the flood is at least this big.
      while (!stopped || messages.length < workerData.atLeast) {
        const mobile = '137' + String(next++).padStart(8, '0');
        const response = await fetch(workerData.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...workerData.agreed, mobile, code: '123456', password: 'guess1234' }),
        });
        messages.push((await response.json()).msg);
      }
    }
    Promise.all(Array.from({ length: workerData.connections }, connection)).then(() => parentPort.postMessage(messages));
    `,
    { eval: true, workerData: { url: `${baseURL}${ENDPOINTS.register}`, connections, atLeast, agreed: CURRENT_AGREEMENT } },
  );
  const done = new Promise<string[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const messages = await done;
      await worker.terminate();
      return messages;
    },
  };
}

test('a flood of bogus registrations hashes no password, and a real login goes through it', async () => {
  const user = await signUp(server);
  const hashes = jest.spyOn(passwords, 'hashPassword');
  const flood = registrationFlood(server.baseURL, 64, 256);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const answer = await post(server.baseURL, ENDPOINTS.login, { account: user.mobile, password: PASSWORD });
  const refused = await flood.stop();
  expect(answer.body.code).toBe(1);
  expect(refused.length).toBeGreaterThanOrEqual(256);
  expect(refused.every((msg) => msg === 'Request a verification code first.')).toBe(true);
  // Not one password was hashed for a registration whose code was never sent: the guard that
  // does not depend on how fast the machine is.
  expect(hashes).not.toHaveBeenCalled();
  hashes.mockRestore();
});
