import { DEV_ENDPOINTS, ENDPOINTS } from '@instalment/shared/api';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { SmsProvider } from '../../src/services/sms';
import { startServer, TEST_OPTIONS, type TestServer } from '../helpers';
import { post, request } from './traffic';

const silentProvider: SmsProvider = { send: async () => {} };
const PRODUCTION = {
  DATABASE_FILE: ':memory:',
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://api.example.com',
  CORS_ORIGINS: 'https://app.example.com',
  APP_URL: 'https://app.example.com',
  FILE_URL_SECRET: 'x'.repeat(32),
};

describe('with NODE_ENV and DEV_ROUTES unset', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The configuration exactly as the environment gives it, then the test's fast hash.
    server = await startServer({ ...loadConfig({ DATABASE_FILE: ':memory:' }), passwordCostLog2: TEST_OPTIONS.passwordCostLog2 });
  });
  afterAll(() => server.close());

  test('every /dev/* route answers 404, and the outbox cannot be read to take over an account', async () => {
    expect(server.app.appConfig.env).toBe('development');
    const mobile = '13912340000';
    expect((await post(server.baseURL, ENDPOINTS.smsSend, { mobile, event: 'mobilelogin' })).body.code).toBe(1);
    for (const [method, path, body] of [
      ['GET', `${DEV_ENDPOINTS.smsOutbox}?mobile=${mobile}`, undefined],
      ['POST', DEV_ENDPOINTS.expireTokens, { mobile }],
      ['POST', DEV_ENDPOINTS.reviewLoan, { order_no: 'L1', decision: 'approve' }],
      ['POST', DEV_ENDPOINTS.ageLoan, { order_no: 'L1', days: 30 }],
    ] as const) {
      expect((await request(server.baseURL, method, path, body)).status).toBe(404);
    }
  });
});

test('DEV_ROUTES=1 turns them on outside production', async () => {
  const server = await startServer({
    ...loadConfig({ DATABASE_FILE: ':memory:', DEV_ROUTES: '1' }),
    passwordCostLog2: TEST_OPTIONS.passwordCostLog2,
  });
  try {
    expect((await request(server.baseURL, 'GET', DEV_ENDPOINTS.smsOutbox)).status).toBe(200);
  } finally {
    await server.close();
  }
});

test('production refuses to start with the development routes, or without a real SMS provider', () => {
  expect(() => buildApp({ ...loadConfig({ ...PRODUCTION, DEV_ROUTES: '1' }), smsProvider: silentProvider })).toThrow(
    /DEV_ROUTES cannot be on in production/,
  );
  expect(() => buildApp(loadConfig(PRODUCTION))).toThrow(/production needs a real SMS provider/);
});

test('production refuses to start on development defaults: CORS, app origins, link key, public URL', () => {
  const problems = (env: Record<string, string>) => () =>
    buildApp({ ...loadConfig({ ...PRODUCTION, ...env }), smsProvider: silentProvider });
  expect(problems({ CORS_ORIGINS: '' })).toThrow(/CORS_ORIGINS must list the app's origins/);
  expect(problems({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS must list the app's origins/);
  expect(problems({ APP_URL: '' })).toThrow(/APP_URL must list/);
  expect(problems({ FILE_URL_SECRET: '' })).toThrow(/FILE_URL_SECRET must be set/);
  expect(problems({ PUBLIC_URL: '' })).toThrow(/PUBLIC_URL must be set/);
  expect(problems({ PASSWORD_COST_LOG2: '14' })).toThrow(/PASSWORD_COST_LOG2 cannot be below 17/);
  expect(() => loadConfig({ FILE_URL_SECRET: 'short' })).toThrow(/at least 32 characters/);
  const app = buildApp({ ...loadConfig(PRODUCTION), smsProvider: silentProvider });
  return app.close();
});

test('TRUST_PROXY names the proxies whose X-Forwarded-For gives the client address; unset, none', async () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be/);

  const send = (server: TestServer, client: string, index: number) =>
    post(server.baseURL, ENDPOINTS.smsSend, { mobile: `1340000000${index}`, event: 'register' }, { 'x-forwarded-for': client });
  const direct = await startServer({ limits: { smsSendsPerAddress: 1 } });
  const proxied = await startServer({ trustProxy: ['127.0.0.1'], limits: { smsSendsPerAddress: 1 } });
  try {
    // Without TRUST_PROXY the header is the caller's word and changes nothing.
    expect([(await send(direct, '203.0.113.1', 1)).status, (await send(direct, '203.0.113.2', 2)).status]).toEqual([200, 429]);
    expect([(await send(proxied, '203.0.113.1', 1)).status, (await send(proxied, '203.0.113.2', 2)).status]).toEqual([200, 200]);
    expect((await send(proxied, '203.0.113.2', 3)).status).toBe(429);
  } finally {
    await Promise.all([direct.close(), proxied.close()]);
  }
});

test('every limit is read from its variable, and a nonsense value stops the start', () => {
  const limits = loadConfig({
    SMS_SENDS_PER_ADDRESS: '5',
    UPLOAD_BYTES_PER_USER_PER_DAY: '1048576',
    OPEN_CHUNK_SESSIONS_PER_USER: '2',
  }).limits;
  expect(limits).toMatchObject({
    smsSendsPerAddress: 5,
    uploadBytesPerUserPerDay: 1048576,
    openChunkSessionsPerUser: 2,
    loginFailuresPerAccount: 5,
  });
  expect(() => loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '0' })).toThrow(/LOGIN_FAILURES_PER_ACCOUNT must be a whole number/);
  expect(() => loadConfig({ PASSWORD_COST_LOG2: '30' })).toThrow(/PASSWORD_COST_LOG2 must be a whole number from 10 to 20/);
});
