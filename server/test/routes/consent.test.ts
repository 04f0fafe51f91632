import {
  agree,
  AGREEMENT_VERSIONS,
  consents,
  createLoan,
  CURRENT_AGREEMENT,
  ENDPOINTS,
  type LoginResult,
  mobileLogin,
  register,
  sendSms,
} from '@instalment/contract/api';
import { latestCode, newPhone, PASSWORD, refusal, rowCount, signUp, smsLogin, START_MS, startServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ASKED = { consent_required: AGREEMENT_VERSIONS };

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
    const refused = await refusal(
      register(client.http, { ...CURRENT_AGREEMENT, terms_version: '2020-01-01', mobile, code, password: PASSWORD }),
    );
    expect(refused.message).toMatch(message);
    expect(refused.data).toEqual(ASKED);
    expect(await rowCount(server, 'users')).toBe(users);
    // The same code still signs up once the current texts are agreed to.
    await register(client.http, { ...CURRENT_AGREEMENT, mobile, code, password: PASSWORD });
    expect(await rowCount(server, 'users')).toBe(users + 1);
  }
});

test('registering without the versions agreed to is refused, not taken as consent, and the code still works', async () => {
  for (const [locale, message, without] of [
    ['en', 'Please read and agree to the terms of service and the privacy policy.', {}],
    ['zh-CN', '请阅读并同意用户协议和隐私政策。', { terms_version: AGREEMENT_VERSIONS.terms, privacy_version: ' ' }],
  ] as const) {
    const client = server.client(locale);
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'register' });
    const code = await latestCode(client, mobile, 'register');
    const users = await rowCount(server, 'users');
    // As an attacker sends it: past the app, which always sends what it showed.
    const refused = await refusal(client.http.post<LoginResult>(ENDPOINTS.register, { ...without, mobile, code, password: PASSWORD }));
    expect(refused.message).toBe(message);
    expect(await rowCount(server, 'users')).toBe(users);
    await register(client.http, { ...CURRENT_AGREEMENT, mobile, code, password: PASSWORD });
    expect(await rowCount(server, 'users')).toBe(users + 1);
  }
});

describe('signing up by SMS login', () => {
  test('without consent is refused in the reader’s language, makes no account, and keeps the code', async () => {
    for (const [locale, message] of [
      ['en', /no account yet\. To create one, please read and agree to the terms of service and the privacy policy/],
      ['zh-CN', /该手机号尚未注册。如需创建账号，请先阅读并同意用户协议和隐私政策/],
    ] as const) {
      const client = server.client(locale);
      const mobile = newPhone();
      await sendSms(client.http, { mobile, event: 'mobilelogin' });
      const captcha = await latestCode(client, mobile, 'mobilelogin');
      const users = await rowCount(server, 'users');
      const refused = await refusal(mobileLogin(client.http, { mobile, captcha }));
      expect(refused.message).toMatch(message);
      // What the app recognises, to ask for consent rather than only show the refusal.
      expect(refused.data).toEqual(ASKED);
      expect(await rowCount(server, 'users')).toBe(users);
      expect(await server.app.services.users.byMobile(mobile)).toBeNull();
      // Agreeing to an older text is no better.
      const stale = await refusal(mobileLogin(client.http, { ...CURRENT_AGREEMENT, privacy_version: '2020-01-01', mobile, captcha }));
      expect(stale.data).toEqual(ASKED);
      expect(await rowCount(server, 'users')).toBe(users);
      // The code was not used up by asking: the person agrees and goes on with it.
      await mobileLogin(client.http, { ...CURRENT_AGREEMENT, mobile, captcha });
      expect(await rowCount(server, 'users')).toBe(users + 1);
    }
  });

  test('with consent records it, as registering does; the account then logs in by SMS without it', async () => {
    const client = server.client();
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'mobilelogin' });
    const captcha = await latestCode(client, mobile, 'mobilelogin');
    client.token = (await mobileLogin(client.http, { ...CURRENT_AGREEMENT, mobile, captcha })).userinfo.token;
    const agreed = new Date(server.clock.now).toISOString();
    expect(await consents(client.http)).toEqual([
      { document: 'terms', version: AGREEMENT_VERSIONS.terms, agreed_at: agreed, address: '127.0.0.1' },
      { document: 'privacy', version: AGREEMENT_VERSIONS.privacy, agreed_at: agreed, address: '127.0.0.1' },
    ]);
    const again = await smsLogin(server, mobile);
    expect(await consents(again.http)).toHaveLength(2);
  });
});

describe('applying', () => {
  /** An account on record without consent to the texts in force: made before it was asked, or agreed to a text since changed. */
  async function withoutCurrentConsent(change: 'none' | 'older') {
    const user = await signUp(server);
    const userId = (await server.app.services.users.byMobile(user.mobile))!.id;
    const rows = server.app.store.q;
    if (change === 'none') await rows.deleteFrom('consents').where('user_id', '=', userId).execute();
    else
      await rows
        .updateTable('consents')
        .set({ version: '2020-01-01' })
        .where('user_id', '=', userId)
        .where('document', '=', 'terms')
        .execute();
    return user;
  }

  test.each(['none', 'older'] as const)(
    'an account without consent to the texts in force (%s on record) is asked before applying, then applies',
    async (change) => {
      const user = await withoutCurrentConsent(change);
      const loans = await rowCount(server, 'loans');
      const refused = await refusal(createLoan(user.http, user.application));
      expect(refused.message).toBe('Before applying, please read and agree to the current terms of service and privacy policy.');
      expect(refused.data).toEqual(ASKED);
      expect(await rowCount(server, 'loans')).toBe(loans);

      // Agreeing to an older text does not count.
      const stale = await refusal(agree(user.http, { ...CURRENT_AGREEMENT, terms_version: '2020-01-01' }));
      expect(stale.message).toMatch(/terms of service or the privacy policy have changed/);
      await refusal(createLoan(user.http, user.application));

      const recorded = await agree(user.http, CURRENT_AGREEMENT);
      const agreed = new Date(server.clock.now).toISOString();
      expect(recorded.slice(-2)).toEqual([
        { document: 'terms', version: AGREEMENT_VERSIONS.terms, agreed_at: agreed, address: '127.0.0.1' },
        { document: 'privacy', version: AGREEMENT_VERSIONS.privacy, agreed_at: agreed, address: '127.0.0.1' },
      ]);
      // Sent twice (a second tap), it is on record once.
      expect(await agree(user.http, CURRENT_AGREEMENT)).toEqual(recorded);

      expect((await createLoan(user.http, user.application)).order_no).toMatch(/^L\d{14}$/);
      expect(await rowCount(server, 'loans')).toBe(loans + 1);
    },
  );

  test('recording consent is for a signed-in account, with the versions agreed to', async () => {
    const anonymous = server.client();
    expect((await refusal(agree(anonymous.http, CURRENT_AGREEMENT))).code).toBe(401);
    const user = await withoutCurrentConsent('none');
    const refused = await refusal(user.http.post(ENDPOINTS.consents, {}));
    expect(refused.message).toBe('Please read and agree to the terms of service and the privacy policy.');
    expect(await consents(user.http)).toEqual([]);
  });
});
