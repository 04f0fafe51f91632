import { AGREEMENT_VERSIONS, consents, register, sendSms } from '@instalment/shared/api';
import { latestCode, newPhone, PASSWORD, refusal, rowCount, signUp, START_MS, startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

test('registering records consent to the terms and the privacy policy: versions, time and address, readable by the account', async () => {
  const user = await signUp(server);
  const agreed = new Date(START_MS).toISOString();
  expect(await consents(user.http)).toEqual([
    { document: 'terms', version: AGREEMENT_VERSIONS.terms, agreed_at: agreed, address: '127.0.0.1' },
    { document: 'privacy', version: AGREEMENT_VERSIONS.privacy, agreed_at: agreed, address: '127.0.0.1' },
  ]);
  // Another account sees only its own.
  const other = await signUp(server);
  expect(await consents(other.http)).toHaveLength(2);
});

test('consent to an older text is refused in the reader’s language, and no account is made', async () => {
  for (const [locale, message] of [
    ['en', /terms of service or the privacy policy have changed/],
    ['zh-CN', /用户协议或隐私政策已更新/],
  ] as const) {
    const client = server.client(locale);
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'register' });
    const code = await latestCode(client, mobile, 'register');
    const users = await rowCount(server, 'users');
    const refused = await refusal(register(client.http, { mobile, code, password: PASSWORD, terms_version: '2020-01-01' }));
    expect(refused.message).toMatch(message);
    expect(await rowCount(server, 'users')).toBe(users);
    // The same code still signs up once the current texts are agreed to.
    await register(client.http, { mobile, code, password: PASSWORD });
    expect(await rowCount(server, 'users')).toBe(users + 1);
  }
});
