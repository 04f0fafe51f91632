import { CURRENT_AGREEMENT, ENDPOINTS, register, sendSms } from '@instalment/contract/api';
import { DEFAULT_CONFIG } from '../../../src/settings/config';
import { latestCode, newPhone, PASSWORD, rowCount, sharedDatabase, signUp, startServer, type TestServer } from '../../helpers';
import { flood, post, tally } from './traffic';

const WRONG = 'incorrect1';
const INCORRECT = 'The account or password is incorrect.';
const LOCKED = /^Too many wrong passwords\. Try again in \d+ min, or log in with an SMS code\.$/;

const login = (server: TestServer, account: string, password: string) => post(server.baseURL, ENDPOINTS.login, { account, password });

describe('password guessing', () => {
  let server: TestServer;
  beforeEach(async () => {
    // A hash that takes a few ms, so parallel guesses really overlap while they are checked.
    server = await startServer({ passwordCostLog2: 12 });
  });
  afterEach(() => server.close());

  test('200 simultaneous wrong passwords check 5 of them; then the right one is refused', async () => {
    const user = await signUp(server);
    const answers = await flood(200, 200, () => login(server, user.mobile, WRONG));
    const counts = tally(answers);
    expect(counts[INCORRECT]).toBe(5);
    expect(answers.filter((answer) => LOCKED.test(answer.body.msg))).toHaveLength(195);
    expect((await login(server, user.mobile, PASSWORD)).body.msg).toMatch(LOCKED);
  });

  test('username and phone are one account: 5 wrong by username lock the phone too', async () => {
    const mobile = newPhone();
    const username = `sec_${mobile.slice(-6)}`;
    await signUpWithUsername(server, mobile, username);
    for (let i = 0; i < 5; i += 1) expect((await login(server, username, WRONG)).body.msg).toBe(INCORRECT);
    expect((await login(server, mobile, PASSWORD)).body.msg).toMatch(LOCKED);
    expect((await login(server, username.toUpperCase(), PASSWORD)).body.msg).toMatch(LOCKED);
  });

  test('the lockout ends on its own after 15 minutes', async () => {
    const user = await signUp(server);
    for (let i = 0; i < 5; i += 1) await login(server, user.mobile, WRONG);
    expect((await login(server, user.mobile, PASSWORD)).body.msg).toMatch(LOCKED);
    server.clock.advance(15 * 60_000);
    expect((await login(server, user.mobile, PASSWORD)).body.code).toBe(1);
  });

  test('an unknown account gets the answers a known one gets, lockout included', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await login(server, 'nobody_here', WRONG)).body.msg);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(INCORRECT));
    expect(answers[5]).toMatch(LOCKED);
  });

  test('one address is cut off after its failed logins, whatever accounts it tries', async () => {
    await server.close();
    server = await startServer({ passwordCostLog2: 12, limits: { loginFailuresPerAddress: 12 } });
    const answers = await flood(30, 4, (index) => login(server, `victim_${index}`, WRONG));
    expect(tally(answers)[INCORRECT]).toBe(12);
    expect(answers[29].body.msg).toMatch(/^Too many failed logins from your network\. Try again in 15 min\.$/);
  });
});

test('an unknown account costs the hash a known one costs', async () => {
  const server = await startServer({ passwordCostLog2: 14 });
  try {
    const user = await signUp(server);
    const time = async (account: string) => {
      const started = performance.now();
      await login(server, account, WRONG);
      return performance.now() - started;
    };
    // One wrong try each, alternating, fewer than the lockout: medians of three.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      known.push(await time(user.mobile));
      unknown.push(await time(`ghost_${i}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  } finally {
    await server.close();
  }
});

test('two servers on one database share the count: 5 guesses in all, not 5 each', async () => {
  const database = await sharedDatabase();
  const first = await startServer({ ...database.options, passwordCostLog2: 12 });
  const second = await startServer({ ...database.options, passwordCostLog2: 12 });
  try {
    const user = await signUp(first);
    const answers = await flood(100, 100, (index) => login(index % 2 === 0 ? first : second, user.mobile, WRONG));
    expect(tally(answers)[INCORRECT]).toBe(5);
    expect((await login(second, user.mobile, PASSWORD)).body.msg).toMatch(LOCKED);
  } finally {
    await Promise.all([first.close(), second.close()]);
    await database.drop();
  }
});

test('failed logins take no memory and leave the database when their window has passed', async () => {
  const server = await startServer();
  try {
    await flood(300, 16, (index) => login(server, `unknown_${index}`, WRONG));
    expect(await rowCount(server, 'login_failures')).toBe(300);
    server.clock.advance(15 * 60_000);
    await login(server, 'unknown_last', WRONG);
    expect(await rowCount(server, 'login_failures')).toBe(1);
  } finally {
    await server.close();
  }
});

test("OWASP's scrypt cost (N = 2^17) is the default, and a weaker hash is upgraded at the next login", async () => {
  expect(DEFAULT_CONFIG.passwordCostLog2).toBe(17);
  const database = await sharedDatabase();
  const storedHash = async (server: TestServer, mobile: string) =>
    (await server.app.services.users.byMobile(mobile))!.password_hash.split('$').slice(0, 4).join('$');
  try {
    const weak = await startServer({ ...database.options, passwordCostLog2: 14 });
    const user = await signUp(weak);
    expect(await storedHash(weak, user.mobile)).toBe('scrypt$16384$8$1');
    await weak.close();

    const real = await startServer({ ...database.options, passwordCostLog2: DEFAULT_CONFIG.passwordCostLog2 });
    try {
      expect((await login(real, user.mobile, PASSWORD)).body.code).toBe(1);
      expect(await storedHash(real, user.mobile)).toBe('scrypt$131072$8$1');
      expect((await login(real, user.mobile, PASSWORD)).body.code).toBe(1);
      expect((await login(real, user.mobile, WRONG)).body.msg).toBe(INCORRECT);
    } finally {
      await real.close();
    }
  } finally {
    await database.drop();
  }
}, 30_000);

/** Registers a user with a chosen username (through the real SMS flow). */
async function signUpWithUsername(server: TestServer, mobile: string, username: string): Promise<void> {
  const client = server.client();
  await sendSms(client.http, { mobile, event: 'register' });
  await register(client.http, {
    ...CURRENT_AGREEMENT,
    mobile,
    code: await latestCode(client, mobile, 'register'),
    password: PASSWORD,
    username,
  });
}
