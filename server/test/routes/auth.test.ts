import {
  CURRENT_AGREEMENT,
  DEV_ENDPOINTS,
  login,
  logout,
  mobileLogin,
  myLoans,
  register,
  sendSms,
  userIndex,
} from '@instalment/contract/api';
import { DAY_MS, latestCode, newPhone, PASSWORD, refusal, signUp, startServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Some other six-digit code than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('SMS codes', () => {
  test('five wrong codes burn the code: even the right one then fails', async () => {
    const client = server.client();
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'register' });
    const code = await latestCode(client, mobile, 'register');
    expect(code).toMatch(/^\d{6}$/);
    const attempt = (captcha: string) =>
      refusal(register(client.http, { ...CURRENT_AGREEMENT, mobile, code: captcha, password: PASSWORD }));
    expect((await attempt(wrong(code))).message).toBe('The verification code is incorrect. 4 tries left.');
    for (let i = 0; i < 3; i += 1) await attempt(wrong(code));
    expect((await attempt(wrong(code))).message).toBe('The verification code is incorrect. Too many wrong codes: request a new code.');
    const burnt = await attempt(code);
    expect(burnt).toMatchObject({ code: 0, message: 'Too many wrong codes. Request a new code.' });

    // A new code (after the resend interval) works.
    server.clock.advance(61_000);
    await sendSms(client.http, { mobile, event: 'register' });
    const result = await register(client.http, {
      ...CURRENT_AGREEMENT,
      mobile,
      code: await latestCode(client, mobile, 'register'),
      password: PASSWORD,
    });
    expect(result.userinfo.mobile).toBe(mobile);
  });

  test('one send per phone and event per 60 s', async () => {
    const client = server.client();
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'mobilelogin' });
    server.clock.advance(20_000);
    const again = await refusal(sendSms(client.http, { mobile, event: 'mobilelogin' }));
    expect(again).toMatchObject({ code: 0, message: 'Please wait 40 s before requesting another code.' });
    server.clock.advance(40_000);
    await sendSms(client.http, { mobile, event: 'mobilelogin' });
  });

  test('a code is single use, bound to its event, and lasts 5 minutes', async () => {
    const client = server.client();
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'mobilelogin' });
    const code = await latestCode(client, mobile, 'mobilelogin');
    // The mobilelogin code does not register.
    expect((await refusal(register(client.http, { ...CURRENT_AGREEMENT, mobile, code, password: PASSWORD }))).message).toBe(
      'Request a verification code first.',
    );
    await mobileLogin(client.http, { ...CURRENT_AGREEMENT, mobile, captcha: code });
    expect((await refusal(mobileLogin(client.http, { mobile, captcha: code }))).message).toBe('Request a verification code first.');

    server.clock.advance(61_000);
    await sendSms(client.http, { mobile, event: 'mobilelogin' });
    const late = await latestCode(client, mobile, 'mobilelogin');
    server.clock.advance(5 * 60_000);
    expect((await refusal(mobileLogin(client.http, { mobile, captcha: late }))).message).toBe(
      'The verification code has expired. Request a new code.',
    );
  });

  test('the outbox lists codes newest first', async () => {
    const client = server.client();
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'mobilelogin' });
    server.clock.advance(61_000);
    await sendSms(client.http, { mobile, event: 'register' });
    const outbox = await client.http.get<Array<{ event: string; mobile: string; createtime: number }>>(DEV_ENDPOINTS.smsOutbox, { mobile });
    expect(outbox.map((entry) => entry.event)).toEqual(['register', 'mobilelogin']);
    expect(outbox[0].createtime).toBeGreaterThan(outbox[1].createtime);
  });
});

describe('accounts', () => {
  test('SMS login signs up an unknown phone; registration then refuses it', async () => {
    const client = server.client();
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'mobilelogin' });
    const captcha = await latestCode(client, mobile, 'mobilelogin');
    const result = await mobileLogin(client.http, { ...CURRENT_AGREEMENT, mobile, captcha });
    expect(result.userinfo).toMatchObject({ mobile, username: mobile, money: '0.00', score: 0 });
    expect(result.userinfo.id).toBe(result.userinfo.user_id);
    expect(result.userinfo.token).toMatch(/^[0-9a-f]{64}$/);
    server.clock.advance(61_000);
    expect((await refusal(sendSms(client.http, { mobile, event: 'register' }))).message).toBe(
      'This phone number is already registered. Log in instead.',
    );
    // Signed up by SMS, so no password matches.
    expect((await refusal(login(client.http, { account: mobile, password: PASSWORD }))).message).toBe(
      'The account or password is incorrect.',
    );
  });

  test('usernames are unique and passwords are checked', async () => {
    const first = await signUp(server);
    const client = server.client();
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'register' });
    const code = await latestCode(client, mobile, 'register');
    await register(client.http, {
      ...CURRENT_AGREEMENT,
      mobile,
      code: await latestCode(client, mobile, 'register'),
      password: PASSWORD,
      username: 'alice_01',
    });
    expect((await refusal(login(client.http, { account: 'alice_01', password: 'wrong123' }))).message).toBe(
      'The account or password is incorrect.',
    );
    expect((await login(client.http, { account: 'ALICE_01', password: PASSWORD })).userinfo.username).toBe('alice_01');
    expect((await refusal(login(client.http, { account: 'nobody', password: PASSWORD }))).message).toBe(
      'The account or password is incorrect.',
    );

    const other = newPhone();
    server.clock.advance(61_000);
    await sendSms(client.http, { mobile: other, event: 'register' });
    const taken = await refusal(
      register(client.http, {
        ...CURRENT_AGREEMENT,
        mobile: other,
        code: await latestCode(client, other, 'register'),
        password: PASSWORD,
        username: 'alice_01',
      }),
    );
    expect(taken.message).toBe('This username is taken.');
    const phoneName = await refusal(
      register(client.http, { ...CURRENT_AGREEMENT, mobile: other, code, password: PASSWORD, username: first.mobile }),
    );
    expect(phoneName.message).toBe('A username cannot be another phone number.');
  });
});

describe('tokens', () => {
  test('a missing token is refused with 401', async () => {
    const client = server.client();
    const error = await refusal(myLoans(client.http));
    expect(error).toMatchObject({ code: 401, message: 'login expired, please log in again' });
    expect(client.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('a token expires after its TTL', async () => {
    const user = await signUp(server);
    server.clock.advance(30 * DAY_MS - 1000);
    await userIndex(user.http);
    server.clock.advance(1000);
    expect((await refusal(userIndex(user.http))).code).toBe(401);
    expect(user.onUnauthorized).toHaveBeenCalled();
  });

  test('logout invalidates the token, and only that one', async () => {
    const user = await signUp(server);
    const second = server.client();
    second.token = (await login(second.http, { account: user.mobile, password: PASSWORD })).userinfo.token;
    await logout(user.http);
    const response = await fetch(`${server.baseURL}/api/user/index`, { headers: { token: user.token! } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, data: null });
    expect((await refusal(logout(user.http))).code).toBe(401);
    expect((await userIndex(second.http)).mobile).toBe(user.mobile);
  });

  test('the development route expires every token of a user', async () => {
    const user = await signUp(server);
    const result = await server.client().http.post<{ expired: number }>(DEV_ENDPOINTS.expireTokens, { mobile: user.mobile });
    expect(result.expired).toBe(1);
    expect((await refusal(userIndex(user.http))).code).toBe(401);
  });

  test('a made-up token is refused', async () => {
    const client = server.client();
    client.token = 'f'.repeat(64);
    expect((await refusal(userIndex(client.http))).code).toBe(401);
    client.token = 'not a token';
    expect((await refusal(userIndex(client.http))).code).toBe(401);
  });
});

describe('password guessing', () => {
  test("five wrong passwords rest the account's password login for 15 minutes; SMS login still works", async () => {
    const client = server.client();
    const user = await signUp(server);
    const guess = () => refusal(login(client.http, { account: user.mobile, password: 'wrong1234' }));
    for (let i = 0; i < 5; i += 1) expect((await guess()).message).toBe('The account or password is incorrect.');
    const rested = await refusal(login(client.http, { account: user.mobile, password: PASSWORD }));
    expect(rested).toMatchObject({ code: 0, message: 'Too many wrong passwords. Try again in 15 min, or log in with an SMS code.' });

    server.clock.advance(61_000);
    await sendSms(client.http, { mobile: user.mobile, event: 'mobilelogin' });
    const viaSms = await mobileLogin(client.http, { mobile: user.mobile, captcha: await latestCode(client, user.mobile, 'mobilelogin') });
    expect(viaSms.userinfo.mobile).toBe(user.mobile);

    server.clock.advance(15 * 60_000);
    const again = await login(client.http, { account: user.mobile, password: PASSWORD });
    expect(again.userinfo.mobile).toBe(user.mobile);
  });
});
