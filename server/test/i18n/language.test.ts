import { CURRENT_AGREEMENT, contractInfo, ENDPOINTS, login, register, sendSms } from '@instalment/contract/api';
import { serverMessages } from '../../src/i18n/server';
import { latestCode, newPhone, PASSWORD, refusal, signUp, startServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the server answers in the language the app asks for (Accept-Language)', () => {
  test('a zh-CN request for a refused login answers in Chinese; without one, in English', async () => {
    const { mobile } = await signUp(server);
    const chinese = await refusal(login(server.client('zh-CN').http, { account: mobile, password: 'wrong-password' }));
    expect(chinese).toMatchObject({ code: 0, message: '账号或密码不正确。' });
    const english = await refusal(login(server.client().http, { account: mobile, password: 'wrong-password' }));
    expect(english.message).toBe('The account or password is incorrect.');
  });

  test('success messages, rule messages with figures, shared validation and 401s speak Chinese too', async () => {
    const client = server.client('zh-CN');
    const mobile = newPhone();
    await sendSms(client.http, { mobile, event: 'register' });
    const again = await refusal(sendSms(client.http, { mobile, event: 'register' }));
    expect(again.message).toMatch(/^请等待 \d+ 秒后再获取验证码。$/);
    const badPhone = await refusal(sendSms(client.http, { mobile: '12345', event: 'register' }));
    expect(badPhone.message).not.toMatch(/[A-Za-z]{3}/);
    const code = await latestCode(client, mobile, 'register');
    const registered = await register(client.http, { ...CURRENT_AGREEMENT, mobile, code, password: PASSWORD });
    expect(registered.userinfo.mobile).toBe(mobile);
    // The app shows its own words for a 401 (SPEC §8); the server's envelope says it in Chinese too.
    const loggedOut = await fetch(`${server.baseURL}${ENDPOINTS.myLoans}`, { headers: { 'accept-language': 'zh-CN' } });
    expect(loggedOut.status).toBe(401);
    expect(await loggedOut.json()).toMatchObject({ code: 401, msg: '请先登录。' });
  });

  test('a browser-style list picks the first language we speak; an unknown one falls back to English', async () => {
    const asked = async (acceptLanguage: string) => {
      const response = await fetch(`${server.baseURL}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': acceptLanguage },
        body: JSON.stringify({ account: '13800000000', password: 'wrong-password' }),
      });
      return ((await response.json()) as { msg: string }).msg;
    };
    expect(await asked('fr-FR,zh;q=0.9,en;q=0.8')).toBe(serverMessages['zh-CN'].accountOrPasswordWrong);
    expect(await asked('en-GB,en;q=0.9')).toBe(serverMessages.en.accountOrPasswordWrong);
    expect(await asked('de-DE')).toBe(serverMessages.en.accountOrPasswordWrong);
  });

  test('the loan contract reads in Chinese for a Chinese reader: title, parties and every clause', async () => {
    const chinese = await contractInfo(server.client('zh-CN').http, {});
    expect(chinese.title).toBe('消费分期借款合同');
    expect(chinese.lender.role).toBe('出借人');
    expect(chinese.clauses).toHaveLength(10);
    for (const clause of chinese.clauses) expect(`${clause.title}${clause.body}`).not.toMatch(/[A-Za-z]{4}/);
    expect(chinese.clauses[2].body).toMatch(/^利息按未还本金以每月 [\d.]+% 至 [\d.]+%，依所选期限而定计收/);
    const english = await contractInfo(server.client().http, {});
    expect(english.title).toBe('Consumer Instalment Loan Contract');
  });

  test('every sentence has a Chinese version that is not the English one', () => {
    for (const key of Object.keys(serverMessages.en) as Array<keyof typeof serverMessages.en>) {
      expect(serverMessages['zh-CN'][key]).not.toBe(serverMessages.en[key]);
    }
  });
});
