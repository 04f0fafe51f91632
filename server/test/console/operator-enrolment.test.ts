import {
  ADMIN_ENDPOINTS,
  adminPath,
  type AuditEntry,
  type EnrolmentBegun,
  type OperatorCreated,
  type OperatorEnrolment,
} from '@instalment/contract/api';
import { randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';
import { keyIdOf, parseDataKeys } from '../../src/sealing/field-cipher';
import { checkingWrites, type WriteCheck } from '../../src/db/store';
import { Refusal, sentenceOf } from '../../src/services/refusals';
import { everyRow, runCommand } from '../db/raw';
import { DAY_MS, sharedDatabase, startServer, type TestServer } from '../helpers';
import { enrolled, operatorsOf } from '../operators';
import { request } from '../system/security/traffic';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

let made = 0;
const newName = () => `enrol.${(made += 1)}`;
const codeOf = (secret: string) => authenticator.clone({ epoch: server.clock.now }).generate(secret);
const nextStep = () => server.clock.advance(30_000);
const post = (path: string, body: unknown, headers?: Record<string, string>) => request(server.baseURL, 'POST', path, body, headers);
const login = (username: string, password: string, totp: string) => post(ADMIN_ENDPOINTS.login, { username, password, totp });
const begin = (code: string) => post(ADMIN_ENDPOINTS.enrolment, { code });
const enrol = (code: string, password: string, totp: string) => post(ADMIN_ENDPOINTS.enrol, { code, password, totp });
const auditOf = async (username: string) =>
  (await server.app.services.audit.list({ target: `operator:${username}`, limit: 50, offset: 0 })) as AuditEntry[];
const CODE_WRONG = 'This enrolment code is wrong, used or expired. Ask an administrator for a new one.';
const LOGIN_WRONG = 'Wrong username, password or code. A code works once: if you just used it, wait for the next one.';

async function created(roles: OperatorCreated['roles'] = ['support']) {
  const admin = await loggedIn(['admin']);
  const username = newName();
  const answer = await admin.call('POST', ADMIN_ENDPOINTS.operators, { username, roles });
  expect(answer.body.code).toBe(1);
  return { admin, username, answer: answer.body.data as OperatorCreated };
}

test('a new operator: the admin is answered a one-time code only; the operator sets their own password and authenticator with it, then logs in', async () => {
  const { admin, username, answer } = await created();
  expect(Object.keys(answer.enrolment).sort()).toEqual(['enrolment_code', 'expires_at', 'username']);
  expect(JSON.stringify(answer)).not.toMatch(/password|secret|otpauth/);
  expect(answer.enrolment.expires_at).toBe(new Date(server.clock.now + DAY_MS).toISOString());
  const code = answer.enrolment.enrolment_code;
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // Before enrolling, the account opens to nothing: not to a guess, not to the admin's own password and code.
  for (const password of ['', 'Guess2026', admin.password])
    expect((await login(username, password, codeOf(admin.totp_secret))).body.msg).toBe(LOGIN_WRONG);

  const shown = await begin(code);
  expect(shown.body.code).toBe(1);
  const begun = shown.body.data as EnrolmentBegun;
  expect(begun).toMatchObject({ username, password_kept: false, expires_at: answer.enrolment.expires_at });
  expect(new URL(begun.otpauth).searchParams.get('secret')).toBe(begun.totp_secret);
  // The secret is sealed at rest: nowhere in the database in clear.
  expect(await everyRow(server.app.store)).not.toContain(begun.totp_secret);

  // Still not enrolled: the operator's own password and a good code do not log in yet.
  expect((await login(username, 'Mine2026', codeOf(begun.totp_secret))).body.code).toBe(0);
  nextStep();
  expect((await enrol(code, 'short', codeOf(begun.totp_secret))).body.msg).toBe(
    'Use 6-20 letters, digits or @$!%*#?&, with at least one letter and one digit.',
  );
  expect((await enrol(code, 'Mine2026', codeOf(begun.totp_secret))).body).toMatchObject({
    code: 1,
    msg: 'You are enrolled: sign in with your password and your authenticator.',
  });
  // The code is spent.
  expect((await begin(code)).body.msg).toBe(CODE_WRONG);
  expect((await enrol(code, 'Other2026', codeOf(begun.totp_secret))).body.msg).toBe(CODE_WRONG);
  nextStep();
  expect((await login(username, 'Mine2026', codeOf(begun.totp_secret))).body).toMatchObject({ code: 1, data: { roles: ['support'] } });

  const filed = await auditOf(username);
  expect(filed.map((entry) => [entry.action, entry.username, entry.outcome])).toEqual(
    expect.arrayContaining([
      ['operator.create', admin.username, 'done'],
      ['auth.enrolment', username, 'done'],
      ['auth.enrol', username, 'done'],
    ]),
  );
  const audit = JSON.stringify(filed);
  for (const secret of [code, begun.totp_secret, 'Mine2026']) expect(audit).not.toContain(secret);
});

test('an enrolment code expires after a day; wrong authenticator codes wear it out; a made-up code is refused and filed nowhere', async () => {
  const late = await created();
  server.clock.advance(DAY_MS);
  expect((await begin(late.answer.enrolment.enrolment_code)).body.msg).toBe(CODE_WRONG);

  const { username, answer } = await created();
  const code = answer.enrolment.enrolment_code;
  const begun = (await begin(code)).body.data as EnrolmentBegun;
  const wrong = codeOf(begun.totp_secret) === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i += 1)
    expect((await enrol(code, 'Mine2026', wrong)).body.msg).toBe(
      'The authenticator code is wrong. Scan the QR code again and enter the code it shows now.',
    );
  expect((await enrol(code, 'Mine2026', codeOf(begun.totp_secret))).body.msg).toBe(CODE_WRONG);
  expect((await login(username, 'Mine2026', codeOf(begun.totp_secret))).body.code).toBe(0);

  const rows = await server.app.store.q
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  for (const guess of ['x', code.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))])
    expect((await begin(guess)).body.msg).toBe(CODE_WRONG);
  const after = await server.app.store.q
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(rows.n));
});

test('guessing enrolment codes is limited per address', async () => {
  const limited = await startServer({ limits: { loginsPerAddress: 3 } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await request(limited.baseURL, 'POST', ADMIN_ENDPOINTS.enrolment, { code: `guess-${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  } finally {
    await limited.close();
  }
});

test('an admin who resets an operator’s TOTP holds a code that logs nobody in: the old authenticator stops at once, the operator keeps their password and enrols a new one', async () => {
  const { admin, username, answer } = await created(['editor']);
  const account = await enrolled(server.app.services.operators, answer.enrolment, server.clock.now);
  expect((await login(username, account.password, codeOf(account.totp_secret))).body.code).toBe(1);

  const reset = await admin.call('POST', adminPath(ADMIN_ENDPOINTS.resetOperatorTotp, { username }));
  expect(JSON.stringify(reset.body)).not.toMatch(/password|secret|otpauth/);
  const enrolment = (reset.body.data as { enrolment: OperatorEnrolment }).enrolment;
  nextStep();
  expect((await login(username, account.password, codeOf(account.totp_secret))).body.code).toBe(0);

  // The admin uses the code first: they see a secret, but without the operator's password it enrols nothing...
  const peeked = (await begin(enrolment.enrolment_code)).body.data as EnrolmentBegun;
  expect(peeked.password_kept).toBe(true);
  expect((await enrol(enrolment.enrolment_code, admin.password, codeOf(peeked.totp_secret))).body.msg).toBe(
    'The password or the authenticator code is wrong. Enter the password you have used so far.',
  );
  // ...and the operator's own enrolment replaces it: what the admin saw opens nothing.
  const own = (await begin(enrolment.enrolment_code)).body.data as EnrolmentBegun;
  expect(own.totp_secret).not.toBe(peeked.totp_secret);
  nextStep();
  expect((await enrol(enrolment.enrolment_code, account.password, codeOf(own.totp_secret))).body.code).toBe(1);
  nextStep();
  expect((await login(username, account.password, codeOf(peeked.totp_secret))).body.code).toBe(0);
  expect((await login(username, account.password, codeOf(own.totp_secret))).body.code).toBe(1);
  expect(
    await server.app.store.q
      .selectFrom('operators')
      .select(['created_by', 'reset_by', 'reset_at'])
      .where('username', '=', username)
      .executeTakeFirst(),
  ).toEqual({
    created_by: admin.username,
    reset_by: admin.username,
    reset_at: expect.any(Number),
  });
});

test('an operator changes their own password with the one they have and a code; their other sessions end, this one stays', async () => {
  const operator = await loggedIn(['reviewer']);
  nextStep();
  const other = await login(operator.username, operator.password, codeOf(operator.totp_secret));
  const otherToken = (other.body.data as { token: string }).token;
  const change = (body: unknown) => operator.call('POST', ADMIN_ENDPOINTS.operatorPassword, body);

  nextStep();
  expect((await change({ password: 'NotMine2026', totp: codeOf(operator.totp_secret), new_password: 'Fresh2027' })).body.msg).toBe(
    'Wrong password or code. A code works once: if you just used it, wait for the next one.',
  );
  nextStep();
  expect((await change({ password: operator.password, totp: codeOf(operator.totp_secret), new_password: 'weak' })).body.code).toBe(0);
  nextStep();
  expect((await change({ password: operator.password, totp: codeOf(operator.totp_secret), new_password: 'Fresh2027' })).body).toMatchObject(
    {
      code: 1,
      msg: 'Your password is changed; your other sessions have ended.',
    },
  );
  expect((await request(server.baseURL, 'GET', ADMIN_ENDPOINTS.me, undefined, { authorization: `Bearer ${otherToken}` })).status).toBe(401);
  expect((await operator.call('GET', ADMIN_ENDPOINTS.me)).status).toBe(200);

  nextStep();
  expect((await login(operator.username, operator.password, codeOf(operator.totp_secret))).body.code).toBe(0);
  expect((await login(operator.username, 'Fresh2027', codeOf(operator.totp_secret))).body.code).toBe(1);
  const filed = (await auditOf(operator.username)).filter((entry) => entry.action === 'auth.password');
  expect(filed.map((entry) => entry.outcome).sort()).toEqual(['done', 'refused', 'refused']);
  expect(JSON.stringify(filed)).not.toMatch(/Fresh2027|NotMine2026|weak/);
});

test("an operator's password change whose session ends after its try is counted leaves the password as it was", async () => {
  const operator = await loggedIn(['reviewer']);
  const { operators } = server.app.services;
  const signedIn = (await operators.authenticate(operator.token))!;
  // The session ends while the new password is hashed, after the only write that once went
  // through Store.write (the try's reservation): the password's own write must read it again.
  let writes = 0;
  const sessionCheck: WriteCheck = async () => {
    writes += 1;
    if (writes > 1) throw new Refusal(sentenceOf('operatorLoginFirst'));
  };
  nextStep();
  const change = { password: operator.password, totp: codeOf(operator.totp_secret), new_password: 'Fresh2028' };
  await expect(checkingWrites(sessionCheck, () => operators.changePassword(signedIn, operator.token, '192.0.2.7', change))).rejects.toThrow(
    sentenceOf('operatorLoginFirst')('en'),
  );
  nextStep();
  expect((await login(operator.username, operator.password, codeOf(operator.totp_secret))).body.code).toBe(1);
});

test('usernames are lower-case letters and digits joined by single separators, never ending in one, in the console and on the command line', async () => {
  const admin = await loggedIn(['admin']);
  const answerFor = async (username: string) =>
    (await admin.call('POST', ADMIN_ENDPOINTS.operators, { username, roles: ['editor'] })).body.code;
  for (const bad of ['adm2.', 'adm2-', 'adm2_', 'adm..2', 'adm.-2', '.adm2', '2adm', 'Adm2', 'ad', `a${'b'.repeat(32)}`])
    expect([bad, await answerFor(bad)]).toEqual([bad, 0]);
  for (const good of ['adm2', 'adm.ops-2', 'ops_3.night']) expect([good, await answerFor(good)]).toEqual([good, 1]);
});

test('the command line prints an enrolment code and link, never a password; the person it is for enrols with it', async () => {
  const database = await sharedDatabase();
  const shared = await startServer(database.options);
  try {
    const refused = await runCommand('operator', database.options, {}, ['add', 'adm2.', '--roles', 'admin']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/never at the end/);

    const added = await runCommand('operator', database.options, {}, [
      'add',
      'first.admin',
      '--roles',
      'admin',
      '--console',
      'https://ops.example.com/',
    ]);
    expect(added.code).toBe(0);
    expect(added.stdout + added.stderr).not.toMatch(/password|secret|otpauth/);
    const printed = JSON.parse(added.stdout) as OperatorEnrolment & { enrolment_link: string };
    expect(printed.enrolment_link).toBe(`https://ops.example.com/#/enrol?code=${printed.enrolment_code}`);
    const begun = (await request(shared.baseURL, 'POST', ADMIN_ENDPOINTS.enrolment, { code: printed.enrolment_code })).body
      .data as EnrolmentBegun;
    const code = authenticator.clone({ epoch: shared.clock.now }).generate(begun.totp_secret);
    expect(
      (await request(shared.baseURL, 'POST', ADMIN_ENDPOINTS.enrol, { code: printed.enrolment_code, password: 'First2026', totp: code }))
        .body.code,
    ).toBe(1);
    const row = await shared.app.store.q
      .selectFrom('operators')
      .select('created_by')
      .where('username', '=', 'first.admin')
      .executeTakeFirstOrThrow();
    expect(row.created_by).toMatch(/^cli:/);
    expect(await everyRow(shared.app.store)).not.toContain(begun.totp_secret);
  } finally {
    await shared.close();
    await database.drop();
  }
}, 60_000);

test('rotate-keys re-seals TOTP secrets under the new key, and the operator still logs in', async () => {
  const database = await sharedDatabase();
  const [k1, k2, index] = [1, 2, 3].map(() => randomBytes(32).toString('base64'));
  const before = { DATA_KEYS: `k1:${k1}*`, DATA_INDEX_KEY: index };
  const after = { DATA_KEYS: `k2:${k2}*,k1:${k1}`, DATA_INDEX_KEY: index };
  const serve = (keys: typeof before) => startServer({ ...database.options, dataKeys: parseDataKeys(keys.DATA_KEYS, keys.DATA_INDEX_KEY) });
  const keyIds = async (on: TestServer) =>
    (await on.app.store.q.selectFrom('operators').select('totp_secret').execute()).map((row) =>
      keyIdOf(row.totp_secret as unknown as string),
    );
  let running = await serve(before);
  try {
    const { operators } = running.app.services;
    const account = await enrolled(operators, await operators.create('rotated.op', ['editor'], 'cli:test'), running.clock.now);
    expect(await keyIds(running)).toEqual(['k1']);
    await running.close();
    running = await serve(after);
    const rotation = await runCommand('rotate-keys', database.options, after);
    expect(rotation.code).toBe(0);
    expect(JSON.parse(rotation.stdout)).toMatchObject({ current: 'k2', remaining: 0 });
    expect(await keyIds(running)).toEqual(['k2']);
    const totp = authenticator.clone({ epoch: running.clock.now }).generate(account.totp_secret);
    expect(
      (await request(running.baseURL, 'POST', ADMIN_ENDPOINTS.login, { username: account.username, password: account.password, totp })).body
        .code,
    ).toBe(1);
  } finally {
    await running.close();
    await database.drop();
  }
}, 60_000);
