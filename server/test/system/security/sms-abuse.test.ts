import { ENDPOINTS } from '@instalment/contract/api';
import { DEFAULT_LIMITS } from '../../../src/settings/config';
import { newPhone, PASSWORD, signUp, startServer, type TestServer } from '../../helpers';
import { flood, post, tally } from './traffic';

const RATE_LIMITED = /^Too many requests from your network\. Try again in 10 min\.$/;

describe('per address, at the default limits', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer({
      limits: { smsSendsPerAddress: DEFAULT_LIMITS.smsSendsPerAddress, registrationsPerAddress: DEFAULT_LIMITS.registrationsPerAddress },
    });
  });
  afterEach(() => server.close());

  test('a sweep of 2,000 phone numbers through sms/send is cut off after 30', async () => {
    const answers = await flood(2000, 32, (index) =>
      post(server.baseURL, ENDPOINTS.smsSend, { mobile: `136${String(index).padStart(8, '0')}`, event: 'register' }),
    );
    expect(answers.filter((answer) => answer.body.code === 1)).toHaveLength(30);
    const cut = answers.filter((answer) => answer.status === 429);
    expect(cut).toHaveLength(1970);
    expect(cut[0].body).toMatchObject({ code: 0, data: null });
    expect(cut[0].body.msg).toMatch(RATE_LIMITED);
    expect(await server.app.services.outbox!.list(null, 5000)).toHaveLength(30);
    // Counts are asserted, not speed: 2,000 requests on a 2-core machine shared with other suites.
  }, 30_000);

  test('registration probing ("already registered?") is cut off after 30 tries', async () => {
    const answers = await flood(200, 16, (index) =>
      post(server.baseURL, ENDPOINTS.register, { mobile: `135${String(index).padStart(8, '0')}`, code: '123456', password: PASSWORD }),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(30);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(170);
  }, 30_000);
});

describe('per phone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  test('a mobilelogin code may follow a register code at once; the same event waits 60 s', async () => {
    const mobile = newPhone();
    expect((await post(server.baseURL, ENDPOINTS.smsSend, { mobile, event: 'register' })).body.code).toBe(1);
    expect((await post(server.baseURL, ENDPOINTS.smsSend, { mobile, event: 'mobilelogin' })).body).toMatchObject({
      code: 1,
      msg: 'The verification code has been sent.',
    });
    expect((await post(server.baseURL, ENDPOINTS.smsSend, { mobile, event: 'mobilelogin' })).body.msg).toBe(
      'Please wait 60 s before requesting another code.',
    );
  });

  test('parallel sends for one phone and event give one code', async () => {
    const mobile = newPhone();
    const answers = await flood(20, 20, () => post(server.baseURL, ENDPOINTS.smsSend, { mobile, event: 'mobilelogin' }));
    expect(tally(answers)['The verification code has been sent.']).toBe(1);
  });

  test('10 codes a day per phone; spending them does not lock the owner out of password login', async () => {
    const user = await signUp(server);
    for (let i = 1; i < 10; i += 1) {
      server.clock.advance(61_000);
      expect((await post(server.baseURL, ENDPOINTS.smsSend, { mobile: user.mobile, event: 'mobilelogin' })).body.code).toBe(1);
    }
    server.clock.advance(61_000);
    expect((await post(server.baseURL, ENDPOINTS.smsSend, { mobile: user.mobile, event: 'mobilelogin' })).body.msg).toBe(
      'Too many codes were requested for this number today. Try again tomorrow.',
    );
    for (let i = 0; i < 5; i += 1) await post(server.baseURL, ENDPOINTS.login, { account: user.mobile, password: 'wrong1234' });
    // The guesses rest the password for 15 minutes, not for the day the codes are spent.
    server.clock.advance(15 * 60_000);
    expect((await post(server.baseURL, ENDPOINTS.login, { account: user.mobile, password: PASSWORD })).body.code).toBe(1);
  });
});
