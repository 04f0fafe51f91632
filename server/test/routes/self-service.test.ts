import {
  changeMobile,
  changePassword,
  ENDPOINTS,
  login,
  resetPassword,
  sendSms,
  updateProfile,
  uploadFile,
  userIndex,
} from '@instalment/contract/api';
import { blob, latestCode, newPhone, PASSWORD, PNG_BYTES, refusal, signUp, smsLogin, startServer, type TestServer } from '../helpers';
import { post } from '../system/security/traffic';

const NEW_PASSWORD = 'fresh456';
const WRONG = 'incorrect1';
const LOCKED = /^Too many wrong passwords\./;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('POST /api/user/resetpwd', () => {
  test('a code sent to the phone resets the password, ends the lockout and every session', async () => {
    const user = await signUp(server);
    for (let i = 0; i < 5; i += 1) await refusal(login(server.client().http, { account: user.mobile, password: WRONG }));
    expect((await refusal(login(server.client().http, { account: user.mobile, password: PASSWORD }))).message).toMatch(LOCKED);

    const anon = server.client();
    await sendSms(anon.http, { mobile: user.mobile, event: 'resetpwd' });
    const captcha = await latestCode(anon, user.mobile, 'resetpwd');
    await resetPassword(anon.http, { mobile: user.mobile, newpassword: NEW_PASSWORD, captcha });

    // The session that existed before the reset is over.
    expect((await refusal(userIndex(user.http))).code).toBe(401);
    expect((await refusal(login(anon.http, { account: user.mobile, password: PASSWORD }))).message).toBe(
      'The account or password is incorrect.',
    );
    const result = await login(anon.http, { account: user.mobile, password: NEW_PASSWORD });
    expect(result.userinfo.mobile).toBe(user.mobile);
  });

  test('a wrong code is refused before any hash, and the code is single use', async () => {
    const user = await signUp(server);
    const anon = server.client();
    await sendSms(anon.http, { mobile: user.mobile, event: 'resetpwd' });
    const captcha = await latestCode(anon, user.mobile, 'resetpwd');
    const wrong = String((Number(captcha) + 1) % 1_000_000).padStart(6, '0');
    expect((await refusal(resetPassword(anon.http, { mobile: user.mobile, newpassword: NEW_PASSWORD, captcha: wrong }))).message).toBe(
      'The verification code is incorrect. 4 tries left.',
    );
    expect((await refusal(resetPassword(anon.http, { mobile: user.mobile, newpassword: 'short', captcha }))).message).toMatch(/^Use 6-20/);
    await resetPassword(anon.http, { mobile: user.mobile, newpassword: NEW_PASSWORD, captcha });
    expect((await refusal(resetPassword(anon.http, { mobile: user.mobile, newpassword: PASSWORD, captcha }))).message).toBe(
      'Request a verification code first.',
    );
  });

  test('sms/send answers alike for registered and unknown phones, sends only to registered ones', async () => {
    const user = await signUp(server);
    const unknown = newPhone();
    const anon = server.client();
    const ask = (mobile: string) => post(server.baseURL, ENDPOINTS.smsSend, { mobile, event: 'resetpwd' });
    const [known, stranger] = [await ask(user.mobile), await ask(unknown)];
    expect(stranger.body.msg).toBe(known.body.msg);
    expect(stranger.body.code).toBe(known.body.code);
    await expect(latestCode(anon, unknown, 'resetpwd')).rejects.toThrow('no resetpwd code');
    // The resend wait holds alike too, and its refusal carries the seconds left.
    server.clock.advance(10_000);
    const [knownAgain, strangerAgain] = [await ask(user.mobile), await ask(unknown)];
    expect(strangerAgain.body).toMatchObject({ code: 0, msg: knownAgain.body.msg, data: { wait: 50 } });
    expect(knownAgain.body.data).toEqual({ wait: 50 });
  });
});

describe('POST /api/user/changepwd', () => {
  test('the asking session stays, every other token of the account is refused', async () => {
    const user = await signUp(server);
    const other = await smsLogin(server, user.mobile);
    await changePassword(user.http, { oldpassword: PASSWORD, newpassword: NEW_PASSWORD });
    const refused = await refusal(userIndex(other.http));
    expect(refused.code).toBe(401);
    expect(other.onUnauthorized).toHaveBeenCalled();
    expect((await userIndex(user.http)).mobile).toBe(user.mobile);
    await login(server.client().http, { account: user.mobile, password: NEW_PASSWORD });
  });

  test('a wrong old password counts against the lockout', async () => {
    const user = await signUp(server);
    for (let i = 0; i < 5; i += 1) {
      expect((await refusal(changePassword(user.http, { oldpassword: WRONG, newpassword: NEW_PASSWORD }))).message).toBe(
        'The current password is incorrect.',
      );
    }
    expect((await refusal(changePassword(user.http, { oldpassword: PASSWORD, newpassword: NEW_PASSWORD }))).message).toMatch(LOCKED);
    expect((await refusal(login(server.client().http, { account: user.mobile, password: PASSWORD }))).message).toMatch(LOCKED);
  });

  test('needs a login, the current password and a valid new one', async () => {
    const user = await signUp(server);
    expect((await refusal(changePassword(server.client().http, { oldpassword: PASSWORD, newpassword: NEW_PASSWORD }))).code).toBe(401);
    expect((await refusal(changePassword(user.http, { oldpassword: '', newpassword: NEW_PASSWORD }))).message).toBe(
      'Enter your current password.',
    );
    expect((await refusal(changePassword(user.http, { oldpassword: PASSWORD, newpassword: 'abc' }))).message).toMatch(/^Use 6-20/);
    expect((await refusal(changePassword(user.http, { oldpassword: PASSWORD, newpassword: PASSWORD }))).message).toBe(
      'The new password must differ from the current one.',
    );
  });
});

describe('POST /api/user/changemobile', () => {
  test('a code sent to the new phone moves the account; the phone is the login from then on', async () => {
    const user = await signUp(server);
    const next = newPhone();
    await sendSms(user.http, { mobile: next, event: 'changemobile' });
    const index = await changeMobile(user.http, { mobile: next, captcha: await latestCode(user, next, 'changemobile') });
    expect(index).toMatchObject({ mobile: next, username: next, nickname: `${next.slice(0, 3)}****${next.slice(-4)}` });
    await login(server.client().http, { account: next, password: PASSWORD });
    expect((await refusal(login(server.client().http, { account: user.mobile, password: PASSWORD }))).message).toBe(
      'The account or password is incorrect.',
    );
  });

  test('anonymous callers cannot ask for a code; a registered phone is refused to its signed-in asker', async () => {
    const user = await signUp(server);
    const taken = await signUp(server);
    const anon = server.client();
    expect((await refusal(sendSms(anon.http, { mobile: taken.mobile, event: 'changemobile' }))).code).toBe(401);
    expect((await refusal(sendSms(anon.http, { mobile: newPhone(), event: 'changemobile' }))).code).toBe(401);
    expect((await refusal(sendSms(user.http, { mobile: taken.mobile, event: 'changemobile' }))).message).toBe(
      'This phone number is already registered to an account.',
    );
    expect((await refusal(changeMobile(user.http, { mobile: taken.mobile, captcha: '123456' }))).message).toBe(
      'This phone number is already registered to an account.',
    );
    expect((await refusal(changeMobile(anon.http, { mobile: newPhone(), captcha: '123456' }))).code).toBe(401);
  });
});

describe('POST /api/user/profile', () => {
  test('saves nickname, bio, e-mail and an own upload as avatar, shown by user/index', async () => {
    const user = await signUp(server);
    const { url } = await uploadFile(user.http, blob(PNG_BYTES, 'image/png'), 'me.png');
    await updateProfile(user.http, { nickname: 'Han Meimei', avatar: url, bio: 'Likes tea.', email: 'hmm@example.com' });
    const index = await userIndex(user.http);
    expect(index).toMatchObject({ nickname: 'Han Meimei', bio: 'Likes tea.', email: 'hmm@example.com' });
    expect(index.avatar).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${url}\\?expires=\\d+&signature=`));
  });

  test('refuses another user’s upload, unsafe text, bad e-mail and a missing nickname, keeping the profile', async () => {
    const owner = await signUp(server);
    const user = await signUp(server);
    const { url } = await uploadFile(owner.http, blob(PNG_BYTES, 'image/png'), 'theirs.png');
    const base = { nickname: 'Li Lei', avatar: '', bio: '', email: '' };
    const refused = async (body: Partial<typeof base>) => (await refusal(updateProfile(user.http, { ...base, ...body }))).message;
    expect(await refused({ avatar: url })).toBe('Choose an avatar picture you uploaded.');
    expect(await refused({ avatar: 'https://evil.test/x.png' })).toBe('Choose an avatar picture you uploaded.');
    expect(await refused({ nickname: '' })).toBe('Enter a nickname.');
    expect(await refused({ nickname: 'x'.repeat(31) })).toBe('A nickname has at most 30 characters.');
    expect(await refused({ bio: 'evil\u202Etext' })).toMatch(/^Remove the invisible/);
    expect(await refused({ email: 'nope' })).toMatch(/^Enter a valid e-mail/);
    expect((await userIndex(user.http)).nickname).toBe(`${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}`);
    expect((await refusal(updateProfile(server.client().http, base))).code).toBe(401);
  });
});
