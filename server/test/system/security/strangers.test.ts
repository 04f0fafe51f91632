import {
  ADMIN_ENDPOINTS,
  changeMobile,
  closeAccount,
  createLoan,
  CURRENT_AGREEMENT,
  dataExport,
  ENDPOINTS,
  register,
  sendSms,
  type AuditEntry,
  type Listing,
} from '@instalment/contract/api';
import { idCardOf } from '@instalment/testing/people';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { serverMessages } from '../../../src/i18n/server';
import { STRANGERS } from '../../../src/services/audit';
import { ENGINE, latestCode, newPhone, signUp, startServer, type TestClient, type TestServer } from '../../helpers';
import { operatorsOf } from '../../operators';
import { flood, request, tally } from './traffic';

/**
 * The replay of issue 49's sixth attack and four of its seventh: strangers' refused console
 * logins once added a row each to the audit log, which nothing may delete; closed accounts were
 * answered as closed; an ID number's "registered to another account" could be asked without end;
 * and a borrower's archive held the codes a phone's previous holder was sent.
 */
let server: TestServer;
beforeAll(async () => {
  // Clients are told apart by X-Forwarded-For from the test's own proxy, as behind a real one.
  server = await startServer({ trustProxy: ['127.0.0.1'] });
});
afterAll(() => server.close());
const { operator, loggedIn } = operatorsOf(() => server);

const MB = 1024 * 1024;
const en = serverMessages.en;

/** What the audit log takes up: its rows as JSON on SQLite, its table and indexes on disk on PostgreSQL. */
async function auditBytes(): Promise<number> {
  const q = server.app.store.q;
  if (ENGINE === 'postgres') {
    const { rows } = await sql<{ bytes: string }>`select pg_total_relation_size('audit_log') as bytes`.execute(q);
    return Number(rows[0].bytes);
  }
  return Buffer.byteLength(JSON.stringify(await q.selectFrom('audit_log').selectAll().execute()));
}

const consoleLogin = (username: string, from: string) =>
  request(
    server.baseURL,
    'POST',
    ADMIN_ENDPOINTS.login,
    { username, password: 'guess-again', totp: '123456' },
    { 'x-forwarded-for': from },
  );

describe('the audit keeps strangers out', () => {
  const IPV4 = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
  // One subscriber's /64, written five ways.
  const IPV6 = ['2001:db8:49:6::1', '2001:db8:49:6:a::2', '2001:0db8:0049:0006:ffff:1:2:3', '2001:db8:49:6:0:0:0:4', '2001:db8:49:6::5'];
  const ADDRESSES = [...IPV4, ...IPV6];

  test(`3,000 refused logins under made-up usernames from 10 addresses add < 0.5 MB: one row per network and 10 minutes (${ENGINE})`, async () => {
    const auditor = await loggedIn(['auditor']);
    const before = await auditBytes();
    const answers = await flood(3_000, 8, (index) => consoleLogin(`ghost-${index}-${'x'.repeat(40)}`, ADDRESSES[index % 10]));
    expect(tally(answers)).toEqual({ [en.operatorLoginWrong]: 3_000 });
    expect((await auditBytes()) - before).toBeLessThan(0.5 * MB);

    // What the auditor's list shows: a row per network, with its count, and no username typed.
    const listing = await auditor.data<Listing<AuditEntry>>(
      'GET',
      `${ADMIN_ENDPOINTS.audit}?operator=${encodeURIComponent(STRANGERS)}&limit=50`,
    );
    const counted = listing.list.map((entry) => [entry.address, (entry.after as { refused: number }).refused]);
    expect(counted.sort()).toEqual([...IPV4.map((address) => [address, 300]), ['2001:db8:49:6::/64', 1_500]].sort());
    expect(listing.list[0]).toMatchObject({ action: 'auth.login', outcome: 'refused', username: STRANGERS });
    expect(listing.list[0].reason).toMatch(/^\d+ × refused for usernames no operator has/);
    expect(JSON.stringify(listing)).not.toContain('ghost-');

    // The next window is a row of its own.
    server.clock.advance(10 * 60_000);
    await consoleLogin('ghost-later', IPV4[0]);
    const later = await auditor.data<Listing<AuditEntry>>(
      'GET',
      `${ADMIN_ENDPOINTS.audit}?operator=${encodeURIComponent(STRANGERS)}&limit=50`,
    );
    expect(later.total).toBe(listing.total + 1);
  }, 180_000);

  test(`an operator's own refused logins stay audited one by one (${ENGINE})`, async () => {
    const owner = await operator(['support']);
    const ownRows = () =>
      server.app.store.q
        .selectFrom('audit_log')
        .select(['username', 'outcome', 'repeats'])
        .where('username', '=', owner.username)
        .execute();
    await consoleLogin(owner.username, IPV4[1]);
    await consoleLogin(owner.username, IPV6[0]);
    expect(await ownRows()).toEqual([
      { username: owner.username, outcome: 'refused', repeats: 1 },
      { username: owner.username, outcome: 'refused', repeats: 1 },
    ]);
  });

  test(`a count may only grow: no other change to a counted row, nor to any other row, goes through (${ENGINE})`, async () => {
    await consoleLogin('ghost-counted', IPV4[2]);
    const { store } = server.app;
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'the statement went through',
        (error: unknown) => String((error as { message?: unknown }).message),
      );
    const counted = await store.q
      .selectFrom('audit_log')
      .selectAll()
      .where('tally', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const change = (values: { repeats?: number; username?: string; reason?: string }) =>
      refusal(store.q.updateTable('audit_log').set(values).where('id', '=', counted.id).execute());
    expect(await change({ repeats: 0 })).toMatch(/append-only/);
    expect(await change({ repeats: counted.repeats + 1, username: 'someone' })).toMatch(/append-only/);
    expect(await change({ repeats: counted.repeats + 1, reason: 'nothing happened' })).toMatch(/append-only/);
    const single = await store.q.selectFrom('audit_log').select('id').where('tally', 'is', null).limit(1).executeTakeFirstOrThrow();
    expect(await refusal(store.q.updateTable('audit_log').set({ repeats: 5 }).where('id', '=', single.id).execute())).toMatch(
      /append-only/,
    );
  });
});

/** A borrower who closed their account (no loan, so they may). */
async function closedAccount(): Promise<string> {
  const borrower = await signUp(server);
  server.clock.advance(61_000);
  await sendSms(borrower.http, { mobile: borrower.mobile, event: 'closeaccount' });
  await closeAccount(borrower.http, { captcha: await latestCode(borrower, borrower.mobile, 'closeaccount') });
  return borrower.mobile;
}

describe('a closed account is answered as no account', () => {
  const post = (path: string, body: unknown) => request(server.baseURL, 'POST', path, body);
  /** What a stranger is told for each step of signing up and logging in with `mobile`. */
  async function answersFor(mobile: string): Promise<string[]> {
    server.clock.advance(61_000);
    const said = [
      await post(ENDPOINTS.smsSend, { mobile, event: 'register' }),
      await post(ENDPOINTS.register, { ...CURRENT_AGREEMENT, mobile, code: '000000', password: 'secret123' }),
      await post(ENDPOINTS.smsSend, { mobile, event: 'mobilelogin' }),
      await post(ENDPOINTS.mobileLogin, { ...CURRENT_AGREEMENT, mobile, captcha: '000000' }),
      await post(ENDPOINTS.login, { account: mobile, password: 'secret123' }),
      await post(ENDPOINTS.smsSend, { mobile, event: 'resetpwd' }),
    ];
    return said.map((answer) => `${answer.body.code} ${answer.body.msg}`);
  }

  test(`register, SMS login and password login say the same for a closed account's phone as for a phone with none (${ENGINE})`, async () => {
    const closed = await closedAccount();
    const delivered = async () => (await server.app.services.outbox!.list(closed)).length;
    const sent = await delivered();

    expect(await answersFor(closed)).toEqual(await answersFor(newPhone()));
    // Its phone stays reserved: no code reaches it, and it opens no account.
    expect(await delivered()).toBe(sent);
    const holders = await server.app.store.q.selectFrom('users').select('closed_at').where('mobile', '=', closed).execute();
    expect(holders).toEqual([{ closed_at: expect.any(Number) }]);
  });
});

describe("an ID number's refusal is rate-limited", () => {
  /** A loan application under `client`'s token from `from`, with `idCard` in place of its own. */
  const apply = (client: TestClient & { application: object }, idCard: string, from: string) =>
    request(
      server.baseURL,
      'POST',
      ENDPOINTS.loanCreate,
      { ...client.application, id_card: idCard },
      { token: client.token!, 'x-forwarded-for': from },
    );
  const tooMany = /^Too many applications with an ID card registered to another account\. Try again in \d+ min\.$/;

  test(`per account, for an account with no ID number bound yet (${ENGINE})`, async () => {
    const owner = await signUp(server);
    await createLoan(owner.http, owner.application);
    const prober = await signUp(server);
    const answers: string[] = [];
    for (let i = 0; i < 4; i += 1) answers.push((await apply(prober, idCardOf(owner.mobile), '198.51.100.1')).body.msg);
    expect(answers.slice(0, 3)).toEqual(Array(3).fill(en.idCardOtherAccount));
    expect(answers[3]).toMatch(tooMany);
    // From another address too: the account has used its tries.
    expect((await apply(prober, idCardOf(owner.mobile), '198.51.100.2')).body.msg).toMatch(tooMany);
  });

  test(`per account, when the tries are sent at once (${ENGINE})`, async () => {
    // Each try is counted before its application is judged: counted only after the refusal, as
    // once, eight sent together all passed the count and all learned whose number was whose.
    const owners = await Promise.all(Array.from({ length: 8 }, () => signUp(server)));
    for (const owner of owners) await createLoan(owner.http, owner.application);
    const prober = await signUp(server);
    const answers = await Promise.all(owners.map(async (owner) => (await apply(prober, idCardOf(owner.mobile), '198.51.100.20')).body.msg));
    expect(answers.filter((msg) => msg === en.idCardOtherAccount)).toHaveLength(3);
    expect(answers.filter((msg) => tooMany.test(msg))).toHaveLength(5);
  });

  test(`per address, across accounts (${ENGINE})`, async () => {
    const owner = await signUp(server);
    await createLoan(owner.http, owner.application);
    const answers: string[] = [];
    for (let account = 0; account < 4; account += 1) {
      const prober = await signUp(server);
      for (let i = 0; i < 3; i += 1) answers.push((await apply(prober, idCardOf(owner.mobile), '198.51.100.9')).body.msg);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(en.idCardOtherAccount));
    expect(answers[10]).toMatch(tooMany);
    // A day later the address may ask again.
    server.clock.advance(24 * 3600 * 1000);
    const next = await signUp(server);
    expect((await apply(next, idCardOf(owner.mobile), '198.51.100.9')).body.msg).toBe(en.idCardOtherAccount);
  });
});

test(`a borrower's archive holds the codes sent to their phone since they hold it, not a previous holder's (${ENGINE})`, async () => {
  const first = await signUp(server);
  const phone = first.mobile;
  // The first holder moves to another phone; the number goes to someone new.
  server.clock.advance(61_000);
  const moved = newPhone();
  await sendSms(first.http, { mobile: moved, event: 'changemobile' });
  await changeMobile(first.http, { mobile: moved, captcha: await latestCode(first, moved, 'changemobile') });
  server.clock.advance(61_000);
  await sendSms(first.http, { mobile: phone, event: 'resetpwd' });

  server.clock.advance(61_000);
  const next = server.client();
  await sendSms(next.http, { mobile: phone, event: 'register' });
  next.token = (
    await register(next.http, {
      ...CURRENT_AGREEMENT,
      mobile: phone,
      code: await latestCode(next, phone, 'register'),
      password: 'secret123',
    })
  ).userinfo.token;

  const codesOf = async (client: TestClient) => {
    const archive = unzipSync(new Uint8Array(await (await fetch((await dataExport(client.http)).url)).arrayBuffer()));
    return (JSON.parse(new TextDecoder().decode(archive['data.json'])) as { sms_codes: { event: string }[] }).sms_codes.map(
      (code) => code.event,
    );
  };
  expect(await codesOf(next)).toEqual(['register']);
  expect(await codesOf(first)).toEqual(['changemobile']);
});
