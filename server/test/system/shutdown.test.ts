import { ENDPOINTS } from '@instalment/contract/api';
import { ENGINE, sharedDatabase, type TestDatabase } from '../helpers';
import { startProcess, stop, type ApiProcess } from '../process';
import { request, type Answer } from './security/traffic';

/**
 * A deployment stops a process as a load balancer expects (SIGTERM): it says it is not ready,
 * then stops listening and finishes what it was asked, and exits 0 with nothing lost.
 */
let database: TestDatabase;
let api: ApiProcess | null = null;
beforeAll(async () => {
  database = await sharedDatabase();
});
afterAll(async () => {
  if (api && api.child.exitCode === null) await stop(api);
  await database.drop();
});

test(`health: live while the process answers, ready while its database, schema and storage are (${ENGINE})`, async () => {
  api = await startProcess(database.options, { SHUTDOWN_GRACE_SECONDS: '3' });
  expect(await request(api.baseURL, 'GET', '/health/live')).toMatchObject({ status: 200, body: { data: { status: 'up' } } });
  expect(await request(api.baseURL, 'GET', '/health/ready')).toMatchObject({ status: 200, body: { data: { status: 'up' } } });
  expect(await stop(api)).toBe(0);
}, 60_000);

test(`SIGTERM during 50 requests in flight: every one is answered, /health/ready says 503 while it still listens, the process exits 0 (${ENGINE})`, async () => {
  // Real password hashing, four at a time (libuv's pool): once the first is answered the others are still in flight.
  api = await startProcess(database.options, { SHUTDOWN_GRACE_SECONDS: '30', PASSWORD_COST_LOG2: '14' });
  const running = api;
  const logins: Array<Promise<Answer>> = Array.from({ length: 50 }, (_unused, index) =>
    request(running.baseURL, 'POST', ENDPOINTS.login, { account: `nobody${index}`, password: 'wrong-password-1' }),
  );
  const exited = new Promise<number | null>((resolve) => running.child.once('exit', resolve));
  await Promise.race(logins);
  running.child.kill('SIGTERM');

  // The balancer's next check finds it not ready, while it still answers.
  let ready: Answer | null = null;
  for (let tries = 0; tries < 20 && ready?.status !== 503; tries += 1) {
    ready = await request(running.baseURL, 'GET', '/health/ready');
  }
  expect(ready).toMatchObject({ status: 503, body: { data: { status: 'not_ready', problems: ['draining'] } } });

  const answers = await Promise.all(logins);
  expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
  expect(new Set(answers.map((answer) => answer.body.msg))).toEqual(new Set(['The account or password is incorrect.']));
  expect(await exited).toBe(0);
}, 60_000);
