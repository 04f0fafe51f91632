import { DEV_ENDPOINTS, ENDPOINTS } from '@instalment/contract/api';
import { buildApp } from '../../../src/app';
import { DEFAULT_CONFIG, loadConfig } from '../../../src/settings/config';
import { startServer, TEST_OPTIONS, type TestServer } from '../../helpers';
import { productionEnv } from '../../production';
import { post, request } from './traffic';

const PRODUCTION = productionEnv();

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

test('production refuses the development routes, the SMS outbox and the sandbox gateway, each by name', () => {
  const refusal = (env: Record<string, string>) => () => buildApp(loadConfig({ ...PRODUCTION, ...env }));
  expect(refusal({ DEV_ROUTES: '1' })).toThrow(/DEV_ROUTES cannot be on in production/);
  expect(refusal({ SMS_PROVIDER: 'outbox' })).toThrow(/SMS_PROVIDER must be aliyun in production/);
  expect(refusal({ SMS_PROVIDER: '' })).toThrow(/SMS_PROVIDER must be aliyun in production/);
  expect(refusal({ PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_PROVIDER must be alipay in production/);
  expect(refusal({ PAYMENT_PROVIDER: '' })).toThrow(/PAYMENT_PROVIDER must be alipay in production/);
});

test('a chosen provider without one of its secrets stops the start with a sentence naming it', () => {
  for (const name of [
    'ALIYUN_ACCESS_KEY_ID',
    'ALIYUN_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    'ALIYUN_SMS_TEMPLATE_CODE',
    'ALIPAY_APP_ID',
    'ALIPAY_PRIVATE_KEY',
    'ALIPAY_PUBLIC_KEY',
  ]) {
    expect(() => loadConfig({ ...PRODUCTION, [name]: '' })).toThrow(new RegExp(`^${name} must be set: `));
    expect(() => loadConfig({ ...PRODUCTION, [name]: undefined })).toThrow(new RegExp(`^${name} must be set: `));
  }
  // Outside production too: a provider is real or it is not chosen.
  expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_ACCESS_KEY_ID must be set/);
  expect(() => loadConfig({ PAYMENT_PROVIDER: 'alipay' })).toThrow(/ALIPAY_APP_ID must be set/);
  expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER must be one of alipay, sandbox/);
});

test('STORAGE=s3 without its bucket settings stops the start, naming each one missing', () => {
  const start = (env: Record<string, string>) => () => buildApp(loadConfig({ ...PRODUCTION, STORAGE: 's3', ...env }));
  expect(start({})).toThrow('STORAGE=s3 needs S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
  expect(start({ S3_REGION: 'oss-cn-hangzhou', S3_BUCKET: 'receipts', S3_ACCESS_KEY_ID: ' ' })).toThrow(
    'STORAGE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
  );
  // Outside production too: a bucket is real or it is not chosen.
  expect(() => buildApp(loadConfig({ STORAGE: 's3', S3_REGION: 'us-east-1' }))).toThrow('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID');
  expect(() => loadConfig({ STORAGE: 'nfs' })).toThrow(/STORAGE must be one of local, s3/);
  expect(() => loadConfig({ STORAGE: 's3', S3_ENDPOINT: 'oss-cn-hangzhou.aliyuncs.com' })).toThrow(
    /S3_ENDPOINT must be an absolute http\(s\) URL/,
  );
});

test('production refuses to start on development defaults: CORS, app origins, link key, public URL, a short retention', () => {
  const problems = (env: Record<string, string>) => () => buildApp(loadConfig({ ...PRODUCTION, ...env }));
  expect(problems({ CORS_ORIGINS: '' })).toThrow(/CORS_ORIGINS must list the app's origins/);
  expect(problems({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS must list the app's origins/);
  expect(problems({ APP_URL: '' })).toThrow(/APP_URL must list/);
  expect(problems({ FILE_URL_SECRET: '' })).toThrow(/FILE_URL_SECRET must be set/);
  expect(problems({ PUBLIC_URL: '' })).toThrow(/PUBLIC_URL must be set/);
  expect(problems({ PASSWORD_COST_LOG2: '14' })).toThrow(/PASSWORD_COST_LOG2 cannot be below 17/);
  expect(problems({ RETENTION_YEARS: '2' })).toThrow(/RETENTION_YEARS cannot be below 5/);
  expect(() => loadConfig({ RETENTION_YEARS: '0' })).toThrow(/RETENTION_YEARS must be a whole number from 1 to 100/);
  expect(() => loadConfig({ FILE_URL_SECRET: 'short' })).toThrow(/at least 32 characters/);
  const app = buildApp(loadConfig(PRODUCTION));
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

test('flags take their words in any case, an empty value is an unset one, and every bad value is named at once', () => {
  expect(loadConfig({ DEV_ROUTES: 'on', AUTO_CONFIRM_VOUCHERS: 'YES', STORAGE: 's3', S3_FORCE_PATH_STYLE: '1' })).toMatchObject({
    devRoutes: true,
    autoConfirmProofs: true,
    s3: { forcePathStyle: true },
  });
  expect(loadConfig({ DEV_ROUTES: 'Off', PORT: '', CORS_ORIGINS: ' ', LOGIN_FAILURES_PER_ACCOUNT: '' })).toMatchObject({
    devRoutes: false,
    port: DEFAULT_CONFIG.port,
    corsOrigins: 'localhost',
    limits: { loginFailuresPerAccount: DEFAULT_CONFIG.limits.loginFailuresPerAccount },
  });
  expect(() => loadConfig({ PORT: '3100.5', DEV_ROUTES: 'maybe', LOG_LEVEL: 'loud' })).toThrow(
    'PORT must be a whole number from 0 to 65535, not "3100.5". DEV_ROUTES must be true or false, not "maybe". ' +
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".',
  );
  // A secret too short is named, never repeated into the log.
  expect(() => loadConfig({ FILE_URL_SECRET: 'hunter2' })).toThrow(/^FILE_URL_SECRET must be at least 32 characters\.$/);
});
