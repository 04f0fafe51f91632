import { Writable } from 'node:stream';
import { ADMIN_ENDPOINTS, AGREEMENT_VERSIONS, login, mobileLogin, register, sendSms, uploadFile } from '@instalment/contract/api';
import type { AppOptions } from '../../../src/app';
import { loadConfig } from '../../../src/settings/config';
import { aliyunEnv, withFakes } from '../../fakes';
import { blob, ENGINE, newPhone, PASSWORD, PNG_BYTES, refusal, startServer } from '../../helpers';
import { operatorsOf } from '../../operators';
import { productionEnv } from '../../production';
import { request } from './traffic';

/** Passwords are hashed at production cost (2^17) here, several times per test, on a shared machine. */
const HASHING_MS = 30_000;

/** Every line the server logged, as its JSON text. */
const logged: string[] = [];
/** What must never be read in the log. */
const secrets = new Set<string>();

const keep = <T extends string>(secret: T): T => {
  secrets.add(secret);
  return secret;
};

const loopback = withFakes(['aliyun'], async ({ aliyun }) => {
  const production: AppOptions = loadConfig(productionEnv(aliyunEnv(aliyun)));
  // The test's own database: SQLite in memory, or a PostgreSQL schema of its own.
  delete production.databaseFile;
  delete production.databaseUrl;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return startServer({
    ...production,
    aliyun: { ...production.aliyun!, timeoutMs: 300 },
    logger: { level: production.logLevel, stream },
  });
});
beforeAll(() => {
  expect(loopback.server.app.appConfig.databaseUrl !== null).toBe(ENGINE === 'postgres');
});

/** The code Aliyun was asked to send to a phone last. */
const codeSentTo = (mobile: string) =>
  keep(loopback.aliyun.asked.filter((message) => message.PhoneNumbers === mobile).at(-1)!.TemplateParam.code);

test(
  'a borrower signs up, logs in with the password and by SMS, and uploads a file',
  async () => {
    const mobile = keep(newPhone());
    const client = loopback.server.client();
    await sendSms(client.http, { mobile, event: 'register' });
    const agreed = { terms_version: AGREEMENT_VERSIONS.terms, privacy_version: AGREEMENT_VERSIONS.privacy };
    client.token = keep(
      (await register(client.http, { ...agreed, mobile, code: codeSentTo(mobile), password: keep(PASSWORD) })).userinfo.token,
    );
    keep((await login(client.http, { account: mobile, password: PASSWORD })).userinfo.token);
    loopback.server.clock.advance(61_000);
    await sendSms(client.http, { mobile, event: 'mobilelogin' });
    keep((await mobileLogin(client.http, { mobile, captcha: codeSentTo(mobile) })).userinfo.token);

    const stored = await uploadFile(client.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
    const link = new URL(stored.fullurl);
    keep(link.searchParams.get('signature')!);
    expect((await fetch(`${loopback.server.baseURL}${link.pathname}${link.search}`)).status).toBe(200);
  },
  HASHING_MS,
);

test('a code Aliyun does not answer for in time', async () => {
  loopback.aliyun.mode('hang');
  try {
    const mobile = keep(newPhone());
    expect((await refusal(sendSms(loopback.server.client().http, { mobile, event: 'register' }))).message).toMatch(/could not be sent/);
    codeSentTo(mobile);
  } finally {
    loopback.aliyun.mode('ok');
  }
  // The time-out is logged, with what it is: only the secrets are kept out.
  expect(logged.some((line) => line.includes('SMS delivery failed') && /Timeout/.test(line))).toBe(true);
});

test(
  'an operator mistypes the password, then the TOTP, logs in and looks a borrower up',
  async () => {
    const account = await operatorsOf(() => loopback.server).operator(['support']);
    keep(account.password);
    keep(account.totp_secret);
    const totp = keep(account.code());
    const attempt = (password: string, code: string) =>
      request(loopback.server.baseURL, 'POST', ADMIN_ENDPOINTS.login, { username: account.username, password, totp: code });
    expect((await attempt(keep('not-the-password'), totp)).body.code).toBe(0);
    expect((await attempt(account.password, keep(totp === '000000' ? '111111' : '000000'))).body.code).toBe(0);
    const signedIn = await attempt(account.password, totp);
    const token = keep((signedIn.body.data as { token: string }).token);

    const mobile = keep(newPhone());
    const lookup = await request(loopback.server.baseURL, 'GET', `${ADMIN_ENDPOINTS.users}?mobile=${mobile}`, undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(lookup.status).toBe(200);
  },
  HASHING_MS,
);

test('the log holds the requests and the failures, and none of the phone numbers, codes, passwords, TOTP or tokens', () => {
  expect(logged.filter((line) => line.includes('"incoming request"')).length).toBeGreaterThan(10);
  const text = logged.join('\n');
  // Read as written and with URLs' escapes undone (`%22code%22%3A%22123456%22`).
  const readings = [text, text.replace(/%([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))];
  // Matched whole, so that a code is not found inside a timestamp.
  const found = [...secrets].filter((secret) => {
    const whole = new RegExp(`(?<![\\w.])${secret.replace(/\W/g, '\\$&')}(?!\\w)`);
    return readings.some((reading) => whole.test(reading));
  });
  expect(found).toEqual([]);
});
