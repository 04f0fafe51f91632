import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import {
  CURRENT_AGREEMENT,
  cashier,
  createLoan,
  DEV_ENDPOINTS,
  ENDPOINTS,
  installments,
  register,
  SANDBOX_ENDPOINTS,
  sendSms,
} from '@instalment/contract/api';
import { DOCS_PATH } from '../../src/openapi/document';
import { alipayEnv, aliyunEnv, withFakes } from '../fakes';
import { applicationOf, clientOf, PASSWORD, sharedDatabase } from '../helpers';
import { freePort } from '../process';
import { productionEnv } from '../production';
import { request } from './security/traffic';

/**
 * The server as an operator deploys it: compiled to JavaScript (`npm run build -w server`),
 * started with node on the README's example settings, the providers pointed at loopback.
 */
const SERVER_ROOT = path.resolve(__dirname, '..', '..');

interface Started {
  child: ChildProcess;
  baseURL: string;
  /** Every line the process wrote to stdout and stderr. */
  output: string[];
}

function startCompiled(env: Record<string, string>, port = 0): Promise<Started> {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let baseURL = '';
  return new Promise((resolve, reject) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        baseURL = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1] ?? baseURL;
        if (line.includes('"instalment API ready"')) resolve({ child, baseURL, output });
      });
    }
    child.once('exit', (code) => reject(Object.assign(new Error(`exited with ${code}`), { output })));
  });
}

function stop(started: Started): Promise<void> {
  return new Promise((resolve) => {
    if (started.child.exitCode !== null) return resolve();
    started.child.once('exit', () => resolve());
    // At once: this is not a stop behind a load balancer (shutdown.test.ts drains on SIGTERM).
    started.child.kill('SIGINT');
  });
}

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'inherit' });
});

describe('started from the compiled server on the example settings, the providers pointed at loopback fakes', () => {
  const loopback = withFakes(['aliyun', 'alipay']);
  let server: Started;
  beforeAll(async () => {
    // PUBLIC_URL must be where Alipay can post its notify: this test's loopback port.
    const port = await freePort();
    server = await startCompiled(
      productionEnv({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...aliyunEnv(loopback.aliyun), ...alipayEnv(loopback.alipay) }),
      port,
    );
  });
  afterAll(() => stop(server));

  test('a borrower signs up with the code Aliyun delivered, borrows, and repays through Alipay', async () => {
    const client = clientOf(server.baseURL);
    const mobile = '13912345678';
    await sendSms(client.http, { mobile, event: 'register' });
    const code = loopback.aliyun.messages.find((message) => message.PhoneNumbers === mobile)!.TemplateParam.code;
    client.token = (await register(client.http, { ...CURRENT_AGREEMENT, mobile, code, password: PASSWORD })).userinfo.token;
    const { order_no } = await createLoan(client.http, applicationOf(mobile));
    const due = await cashier(client.http, {
      order_no,
      periods: '1',
      channel: 'alipay',
      return_url: `https://app.example.com/#/pages/payment/repay?order_no=${order_no}`,
    });
    expect(due.pay_url!.startsWith(loopback.alipay.gateway)).toBe(true);
    expect((await fetch(due.pay_url!)).status).toBe(200);
    await loopback.alipay.pay(due.payment_no);
    expect(loopback.alipay.trades.get(due.payment_no)!.notifyAnswers).toEqual(['success']);
    expect((await installments(client.http, { order_no })).list.map((item) => item.status)).toEqual(['paid', 'unpaid', 'unpaid']);
    expect(loopback.alipay.forged).toBe(0);
  });

  test('it runs JavaScript, not TypeScript, and says it is in production with no development routes', () => {
    const ready = server.output
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'instalment API ready');
    expect(ready).toMatchObject({ env: 'production', devRoutes: 'off', sms: 'aliyun', payments: 'alipay' });
  });

  test('the sandbox gateway, the development routes and the API document’s page are not there', async () => {
    for (const [method, route] of [
      ['GET', `${SANDBOX_ENDPOINTS.payPage}?payment_no=P2026011500000000AA&return_url=https://app.example.com/`],
      ['POST', SANDBOX_ENDPOINTS.confirm],
      ['GET', `${DEV_ENDPOINTS.smsOutbox}?mobile=13800000000`],
      ['POST', DEV_ENDPOINTS.reviewLoan],
      ['POST', DEV_ENDPOINTS.reviewProof],
      ['POST', DEV_ENDPOINTS.ageLoan],
      ['POST', DEV_ENDPOINTS.expireTokens],
      ['GET', `${DOCS_PATH}/`],
      ['GET', `${DOCS_PATH}/json`],
    ] as const) {
      const answer = await request(server.baseURL, method, route, method === 'POST' ? {} : undefined);
      expect({ route, status: answer.status }).toEqual({ route, status: 404 });
    }
    expect((await request(server.baseURL, 'GET', ENDPOINTS.newsLatest)).status).toBe(200);
  });
});

test('a missing secret stops the compiled server with a sentence naming it', async () => {
  const env = productionEnv();
  delete env.ALIPAY_PRIVATE_KEY;
  const failed = await startCompiled(env).then(
    () => null,
    (error: { output: string[] }) => error.output.join('\n'),
  );
  expect(failed).toMatch(/ALIPAY_PRIVATE_KEY must be set/);
});

test('a production start without DATA_KEYS refuses, naming it', async () => {
  const env = productionEnv();
  delete env.DATA_KEYS;
  delete env.DATA_INDEX_KEY;
  const failed = await startCompiled(env).then(
    () => null,
    (error: { output: string[] }) => error.output.join('\n'),
  );
  expect(failed).toMatch(/DATA_KEYS \(and DATA_INDEX_KEY\) must be set in production/);
});

test('restarted with other bytes under key id k1, the compiled server refuses to start, naming k1 and neither key', async () => {
  const database = await sharedDatabase();
  const key = () => randomBytes(32).toString('base64');
  const [k1, otherK1, index] = [key(), key(), key()];
  const where: Record<string, string> = database.options.databaseUrl
    ? { DATABASE_URL: database.options.databaseUrl }
    : { DATABASE_FILE: database.options.databaseFile! };
  try {
    await stop(await startCompiled(productionEnv({ ...where, DATA_KEYS: `k1:${k1}*`, DATA_INDEX_KEY: index })));
    const failed = await startCompiled(productionEnv({ ...where, DATA_KEYS: `k1:${otherK1}*`, DATA_INDEX_KEY: index })).then(
      () => null,
      (error: { output: string[] }) => error.output.join('\n'),
    );
    expect(failed).toMatch(/the server could not start.*key id \\"k1\\"/);
    for (const bytes of [k1, otherK1, index]) expect(failed).not.toContain(bytes);
  } finally {
    await database.drop();
  }
});
