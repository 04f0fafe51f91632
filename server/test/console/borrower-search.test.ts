import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  ADMIN_ENDPOINTS,
  adminPath,
  createLoan,
  updateProfile,
  type AuditEntry,
  type BorrowerMatch,
  type BorrowerMatches,
  type Listing,
  type ConsoleBorrower,
} from '@instalment/contract/api';
import { maskIdCard, maskName, maskPhone } from '@instalment/contract/format';
import { DEVELOPMENT_DATA_KEYS, FieldCipher } from '../../src/sealing/field-cipher';
import { MIGRATIONS } from '../../src/db/migrations';
import { postgresDdl } from '../../src/db/postgres';
import { ENGINE, sharedDatabase, signUp, startServer, type TestDatabase, type TestServer } from '../helpers';
import { operatorsOf, type LoggedInOperator } from '../operators';
import { request } from '../system/security/traffic';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ approvalMode: 'manual' });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

/** A name no other borrower of the run has: letters only, as a real name must be. */
const newName = (family: string) => `${family} ${Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

const search = (operator: LoggedInOperator, q: string) =>
  operator.data<BorrowerMatches>('GET', `${ADMIN_ENDPOINTS.userSearch}?${new URLSearchParams({ q })}`);

const matchOf = (matches: BorrowerMatches, id: number) => matches.list.find((match) => match.id === id);

/** A borrower who signed up and named themselves in their profile, with no loan. */
async function withoutLoan(nickname: string) {
  const borrower = await signUp(server);
  await updateProfile(borrower.http, { nickname, avatar: '', bio: '', email: '' });
  return borrower;
}

test('a borrower with no loan is found by a part of their name in any case and by their phone or its last digits; support reads them masked and opens them', async () => {
  const [support, admin] = await Promise.all([loggedIn(['support']), loggedIn(['admin'])]);
  const name = newName('Zhao');
  const borrower = await withoutLoan(name);

  const byName = await search(support, name.split(' ')[1].slice(1, 6).toUpperCase());
  expect(byName.list).toHaveLength(1);
  const [match] = byName.list;
  expect(match).toEqual<BorrowerMatch>({
    id: match.id,
    name: maskName(name),
    mobile: maskPhone(borrower.mobile),
    id_card: null,
    loans: 0,
    closed_at: null,
  });
  // An operator whose work needs whole names and phones reads them so.
  expect((await search(admin, name.toLowerCase())).list).toEqual([{ ...match, name, mobile: borrower.mobile }]);

  expect(matchOf(await search(support, borrower.mobile), match.id)).toBeDefined();
  expect((await search(support, borrower.mobile)).list).toHaveLength(1);
  expect(matchOf(await search(support, borrower.mobile.slice(-4)), match.id)).toBeDefined();
  expect(matchOf(await search(support, borrower.mobile.slice(-7)), match.id)).toBeDefined();

  const view = await support.data<ConsoleBorrower>('GET', adminPath(ADMIN_ENDPOINTS.user, { id: match.id }));
  expect(view.user).toMatchObject({ id: match.id, mobile: borrower.mobile, nickname: name, real_name: null, closed_at: null });
  expect(view.loans).toEqual([]);
});

test('an applicant is found by the last 4 to 6 characters of their ID number and by their order number, the ID masked', async () => {
  const support = await loggedIn(['support']);
  const borrower = await signUp(server);
  const realName = newName('Qian');
  const { order_no } = await createLoan(borrower.http, { ...borrower.application, real_name: realName });
  const idCard = borrower.application.id_card;
  const { user } = await support.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);
  const expected: BorrowerMatch = {
    id: user.id,
    name: maskName(realName),
    mobile: maskPhone(borrower.mobile),
    id_card: maskIdCard(idCard),
    loans: 1,
    closed_at: null,
  };

  for (const length of [4, 5, 6]) {
    const found = await search(support, idCard.slice(-length));
    expect(matchOf(found, user.id)).toEqual(expected);
    // Every match of a tail of the ID has that tail, or a phone that ends in it.
    const tail = idCard.slice(-4);
    expect(found.list.every((match) => match.id_card?.endsWith(tail) || match.mobile.endsWith(tail))).toBe(true);
  }
  // A tail longer than the index is told apart: one character off, and the borrower is not found by their ID.
  const offByOne = `${(Number(idCard.at(-6)) + 1) % 10}${idCard.slice(-5)}`;
  expect(matchOf(await search(support, offByOne), user.id)).toBeUndefined();

  expect((await search(support, idCard)).list).toEqual([expected]);
  expect((await search(support, order_no)).list).toEqual([expected]);
  expect((await search(support, order_no.toLowerCase())).list).toEqual([expected]);
  expect((await search(support, realName.split(' ')[1])).list).toEqual([expected]);
});

test('a query too short to mean one borrower is refused, in the reader’s language; a wildcard is only a character', async () => {
  const support = await loggedIn(['support']);
  const refused = async (q: string, language: string) => {
    const answer = await request(server.baseURL, 'GET', `${ADMIN_ENDPOINTS.userSearch}?${new URLSearchParams({ q })}`, undefined, {
      authorization: `Bearer ${support.token}`,
      'accept-language': language,
    });
    expect(answer.body.code).toBe(0);
    return answer.body.msg;
  };
  for (const q of ['', ' ', 'Z', '123', '王'])
    expect(await refused(q, 'en')).toBe(
      'Type at least 2 characters of a name, the last 4 digits of a phone or ID number, or an order number.',
    );
  expect(await refused('12', 'zh-CN')).toBe('请至少输入姓名中的 2 个字、手机号或身份证号的后 4 位，或借款单号。');

  await withoutLoan(newName('Sun'));
  expect((await search(support, '%%')).list).toEqual([]);
  expect((await search(support, '__')).list).toEqual([]);
});

test('a search is audited with whom it found, not what was typed; one match is a read of that borrower', async () => {
  const [support, auditor] = await Promise.all([loggedIn(['support']), loggedIn(['auditor'])]);
  const name = newName('Zhou');
  await withoutLoan(name);
  const [match] = (await search(support, name)).list;
  await search(support, 'no one has this name');

  const rows = await auditor.data<Listing<AuditEntry>>(
    'GET',
    `${ADMIN_ENDPOINTS.audit}?${new URLSearchParams({ operator: support.username, action: 'users.search', limit: '50' })}`,
  );
  expect(rows.list.map((row) => row.target)).toEqual(['users', `user:${match.id}`]);
  expect(rows.list[1].after).toEqual({ matches: [`user:${match.id}`] });
  expect(JSON.stringify(rows.list)).not.toContain(name);
});

/** Runs statements straight on the database, as the server of that version would have. */
async function runRaw(database: TestDatabase, statements: string[]): Promise<void> {
  if (database.options.databaseUrl) {
    const client = new pg.Client({ connectionString: database.options.databaseUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(database.options.databaseFile!);
  try {
    for (const statement of statements) db.exec(statement);
  } finally {
    db.close();
  }
}

test('an ID number bound before its tail was indexed is found by its tail once the server is upgraded', async () => {
  const database = await sharedDatabase();
  try {
    // The schema before migration 23, with one borrower's ID sealed and indexed as that version did.
    const before = MIGRATIONS.filter((migration) => migration.version < 23);
    const last = before[before.length - 1].version;
    // The keys a server outside production seals with, as the test server does.
    const cipher = new FieldCipher(DEVELOPMENT_DATA_KEYS);
    const idCard = '11010119900307123X';
    const sealed = String(cipher.seal(idCard));
    await runRaw(database, [
      ...before.map((migration) => (ENGINE === 'postgres' ? postgresDdl(migration.postgres ?? migration.sql) : migration.sql)),
      ...(ENGINE === 'postgres'
        ? ['CREATE TABLE schema_version (version BIGINT NOT NULL)', `INSERT INTO schema_version VALUES (${last})`]
        : [`PRAGMA user_version = ${last}`]),
      `INSERT INTO users (id, username, nickname, mobile, createtime, mobile_since, real_name, id_card, id_card_index)
       VALUES (1, 'wu', 'Wu', '13800000000', 0, 0, 'Wu Fang', '${sealed}', '${cipher.blindIndex(idCard)}')`,
    ]);
    const upgraded = await startServer({ ...database.options });
    try {
      const support = await operatorsOf(() => upgraded).loggedIn(['support']);
      const found = await support.data<BorrowerMatches>('GET', `${ADMIN_ENDPOINTS.userSearch}?q=7123x`);
      expect(found.list).toEqual([
        { id: 1, name: maskName('Wu Fang'), mobile: maskPhone('13800000000'), id_card: maskIdCard(idCard), loans: 0, closed_at: null },
      ]);
    } finally {
      await upgraded.close();
    }
  } finally {
    await database.drop();
  }
});
