import { CURRENT_AGREEMENT, register, sendSms } from '@instalment/contract/api';
import type { AliyunSmsSettings } from '../../src/settings/config';
import { throughAliyun, withFakes } from '../fakes';
import { newPhone, PASSWORD, refusal, startServer, type TestServer } from '../helpers';

const loopback = withFakes(['aliyun']);

const withAliyun = (changes: Partial<AliyunSmsSettings> = {}, limits = {}) =>
  startServer({ ...throughAliyun(loopback.aliyun, { templateCode: 'SMS_000000001', ...changes }), limits });

test('a code goes to Aliyun signed, in the verification template, and that code signs the person up', async () => {
  const server = await withAliyun();
  try {
    const mobile = newPhone();
    const client = server.client();
    await sendSms(client.http, { mobile, event: 'register' });
    const message = loopback.aliyun.messages.at(-1)!;
    expect(message).toMatchObject({ PhoneNumbers: mobile, SignName: '分期宝', TemplateCode: 'SMS_000000001' });
    expect(message.TemplateParam).toEqual({ code: expect.stringMatching(/^\d{6}$/) });
    const result = await register(client.http, { ...CURRENT_AGREEMENT, mobile, code: message.TemplateParam.code, password: PASSWORD });
    expect(result.userinfo.mobile).toBe(mobile);
    // Nothing is kept for a developer to read: the outbox is not there.
    expect(server.app.services.outbox).toBeNull();
  } finally {
    await server.close();
  }
});

test('a request signed with the wrong secret is refused by Aliyun, and the person is told the code was not sent', async () => {
  const server = await withAliyun({ accessKeySecret: 'not-the-secret' });
  try {
    const forged = loopback.aliyun.forged;
    const sent = loopback.aliyun.messages.length;
    const refused = await refusal(sendSms(server.client('en').http, { mobile: newPhone(), event: 'register' }));
    expect(refused.message).toMatch(/The SMS could not be sent/);
    expect(loopback.aliyun.forged).toBe(forged + 1);
    expect(loopback.aliyun.messages).toHaveLength(sent);
  } finally {
    await server.close();
  }
});

describe('Aliyun down, slow, failing or refusing: a clear refusal, and nothing burned', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await withAliyun({ timeoutMs: 400 }, { smsCodesPerPhonePerDay: 2 });
  });
  afterAll(() => server.close());

  test.each([
    ['answers 503', 'server-error'],
    ['answers a Code other than OK', 'refuse'],
    ['does not answer in time', 'hang'],
  ] as const)('when Aliyun %s', async (_, mode) => {
    const mobile = newPhone();
    loopback.aliyun.mode(mode);
    for (const [locale, message] of [
      ['en', /The SMS could not be sent/],
      ['zh-CN', /短信发送失败/],
    ] as const) {
      expect((await refusal(sendSms(server.client(locale).http, { mobile, event: 'register' }))).message).toMatch(message);
    }
    // Two failures against a cap of two a day, and no wait: the next two codes still go out.
    loopback.aliyun.mode('ok');
    await sendSms(server.client().http, { mobile, event: 'register' });
    server.clock.advance(61_000);
    await sendSms(server.client().http, { mobile, event: 'register' });
    expect(loopback.aliyun.messages.filter((message) => message.PhoneNumbers === mobile)).toHaveLength(2);
  });

  test('when nothing listens at the endpoint', async () => {
    const unreachable = await withAliyun({ endpoint: 'http://127.0.0.1:9' });
    try {
      const mobile = newPhone();
      expect((await refusal(sendSms(unreachable.client().http, { mobile, event: 'register' }))).message).toMatch(
        /The SMS could not be sent/,
      );
      // The phone can ask again at once, not after the resend wait.
      expect((await refusal(sendSms(unreachable.client().http, { mobile, event: 'register' }))).data).toBeNull();
    } finally {
      await unreachable.close();
    }
  });
});
