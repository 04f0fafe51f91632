import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { MIGRATIONS } from '../../src/db/migrations';
import { postgresDdl } from '../../src/db/postgres';
import { ENGINE, openTestDatabase, sharedDatabase, type TestDatabase } from '../helpers';

const LATEST = MIGRATIONS[MIGRATIONS.length - 1].version;

/** What the first schema held: an account, a loan, a paid and an unpaid instalment. */
const OLD_DATA = [
  "INSERT INTO users (id, username, nickname, mobile, createtime) VALUES (1, 'li', 'Li', '13800000000', 0)",
  `INSERT INTO loans (id, order_no, user_id, amount_fen, term, monthly_rate_bp, monthly_fee_bp, penalty_bp, grace_days, purpose, real_name, id_card, bank_card, bank_name, status, created_at, approved_at)
   VALUES (1, 'L1', 1, 300000, 3, 80, 30, 5, 0, 'travel', 'Li Lei', '110101199003071234', '6222020200112233', 'ICBC', 'repaying', 0, 0)`,
  "INSERT INTO instalments (loan_id, period, due_date, principal_fen, interest_fen, fee_fen, paid_at) VALUES (1, 1, '2026-02-15', 99000, 2400, 900, 5)",
  "INSERT INTO instalments (loan_id, period, due_date, principal_fen, interest_fen, fee_fen) VALUES (1, 2, '2026-03-15', 99800, 1600, 900)",
];

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

/** The database as the first server left it: its schema, version 1, with data. */
async function firstVersion(database: TestDatabase): Promise<void> {
  const schema = ENGINE === 'postgres' ? postgresDdl(MIGRATIONS[0].sql) : MIGRATIONS[0].sql;
  const version =
    ENGINE === 'postgres'
      ? ['CREATE TABLE schema_version (version BIGINT NOT NULL)', 'INSERT INTO schema_version VALUES (1)']
      : ['PRAGMA user_version = 1'];
  await runRaw(database, [schema, ...version, ...OLD_DATA]);
}

test('ID numbers and bank cards that an earlier version kept in clear are encrypted by the migration, and read back', async () => {
  const database = await sharedDatabase();
  try {
    const before = MIGRATIONS.filter((migration) => migration.version < 16);
    const schema = before.map((migration) => (ENGINE === 'postgres' ? postgresDdl(migration.postgres ?? migration.sql) : migration.sql));
    const version =
      ENGINE === 'postgres'
        ? ['CREATE TABLE schema_version (version BIGINT NOT NULL)', 'INSERT INTO schema_version VALUES (15)']
        : ['PRAGMA user_version = 15'];
    await runRaw(database, [...schema, ...version, ...OLD_DATA, "UPDATE users SET real_name = 'Li Lei', id_card = '110101199003071234'"]);
    const { store, ready, cipher } = openTestDatabase(database);
    await ready;
    const [user] = await store.q.selectFrom('users').select(['id_card', 'id_card_index']).execute();
    const [loan] = await store.q.selectFrom('loans').select(['id_card', 'bank_card']).execute();
    expect(JSON.stringify([user, loan])).not.toMatch(/110101199003071234|6222020200112233/);
    expect([cipher.open(user.id_card!), cipher.open(loan.id_card), cipher.open(loan.bank_card)]).toEqual([
      '110101199003071234',
      '110101199003071234',
      '6222020200112233',
    ]);
    expect(user.id_card_index).toBe(cipher.blindIndex('110101199003071234'));
    await store.close();
  } finally {
    await database.drop();
  }
});

test('TOTP secrets that an earlier version kept in clear are sealed by the migration, and the operators are enrolled as they were', async () => {
  const database = await sharedDatabase();
  try {
    const before = MIGRATIONS.filter((migration) => migration.version < 18);
    const schema = before.map((migration) => (ENGINE === 'postgres' ? postgresDdl(migration.postgres ?? migration.sql) : migration.sql));
    const last = before[before.length - 1].version;
    const version =
      ENGINE === 'postgres'
        ? ['CREATE TABLE schema_version (version BIGINT NOT NULL)', `INSERT INTO schema_version VALUES (${last})`]
        : [`PRAGMA user_version = ${last}`];
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await runRaw(database, [
      ...schema,
      ...version,
      `INSERT INTO operators (username, password_hash, totp_secret, roles, created_at) VALUES ('old.admin', 'scrypt$x', '${secret}', 'admin', 0)`,
    ]);
    const { store, ready, cipher } = openTestDatabase(database);
    await ready;
    const row = await store.q.selectFrom('operators').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(cipher.open(row.totp_secret)).toBe(secret);
    expect(row).toMatchObject({ enrolment_hash: null, created_by: null, reset_by: null });
    await store.close();
  } finally {
    await database.drop();
  }
});

test('a database made by the first schema, with data, is brought to the newest and loses nothing', async () => {
  const database = await sharedDatabase();
  try {
    await firstVersion(database);
    const { store, ready } = openTestDatabase(database);
    await ready;
    expect(await store.q.selectFrom('users').select('username').execute()).toEqual([{ username: 'li' }]);
    expect(
      await store.q
        .selectFrom('instalments')
        .select(['period', 'paid_at', 'paid_interest_fen', 'paid_fee_fen'])
        .orderBy('period')
        .execute(),
    ).toEqual([
      { period: 1, paid_at: 5, paid_interest_fen: 2400, paid_fee_fen: 900 },
      { period: 2, paid_at: null, paid_interest_fen: null, paid_fee_fen: null },
    ]);
    // Columns the later migrations added have their defaults on the old rows.
    expect(await store.q.selectFrom('users').select(['bio', 'credit_limit_fen', 'id_card', 'closed_at']).execute()).toEqual([
      { bio: '', credit_limit_fen: null, id_card: null, closed_at: null },
    ]);
    // Nothing was seeded over the existing data (no news), and opening again changes nothing.
    expect(await store.q.selectFrom('news').select('id').execute()).toEqual([]);
    await store.close();
    const again = openTestDatabase(database);
    await again.ready;
    expect(await again.store.q.selectFrom('loans').select('order_no').execute()).toEqual([{ order_no: 'L1' }]);
    await again.store.close();
  } finally {
    await database.drop();
  }
});

test('a new database is migrated to the newest version and seeded once', async () => {
  const database = await sharedDatabase();
  try {
    const first = openTestDatabase(database);
    await first.ready;
    const news = await first.store.q.selectFrom('news').select('id').execute();
    expect(news.length).toBeGreaterThan(0);
    await first.store.close();
    // Two servers starting on one new database at once: one migrates and seeds, the other finds it done.
    const [a, b] = [openTestDatabase(database), openTestDatabase(database)];
    await Promise.all([a.ready, b.ready]);
    expect(await a.store.q.selectFrom('news').select('id').execute()).toHaveLength(news.length);
    const version =
      ENGINE === 'postgres'
        ? (await sql<{ version: number }>`SELECT version FROM schema_version`.execute(a.store.q)).rows[0].version
        : (await sql<{ user_version: number }>`PRAGMA user_version`.execute(a.store.q)).rows[0].user_version;
    expect(version).toBe(LATEST);
    await Promise.all([a.store.close(), b.store.close()]);
  } finally {
    await database.drop();
  }
});

test('a database newer than this server is refused rather than guessed at', async () => {
  const database = await sharedDatabase();
  try {
    await runRaw(
      database,
      ENGINE === 'postgres'
        ? ['CREATE TABLE schema_version (version BIGINT NOT NULL)', `INSERT INTO schema_version VALUES (${LATEST + 1})`]
        : [`PRAGMA user_version = ${LATEST + 1}`],
    );
    const { store, ready } = openTestDatabase(database);
    await expect(ready).rejects.toThrow(/schema version/);
    await store.close();
  } finally {
    await database.drop();
  }
});

test('differences recorded before their reasons said what happened read superseded, or amount unknown, and no amount due', async () => {
  const database = await sharedDatabase();
  try {
    const before = MIGRATIONS.filter((migration) => migration.version < 21);
    const schema = before.map((migration) => (ENGINE === 'postgres' ? postgresDdl(migration.postgres ?? migration.sql) : migration.sql));
    const last = before[before.length - 1].version;
    const version =
      ENGINE === 'postgres'
        ? ['CREATE TABLE schema_version (version BIGINT NOT NULL)', `INSERT INTO schema_version VALUES (${last})`]
        : [`PRAGMA user_version = ${last}`];
    const payment = (id: number) =>
      `INSERT INTO payments (id, payment_no, loan_id, periods, amount_fen, status, created_at, expires_at) VALUES (${id}, 'P${id}', 1, '2', 103300, 'paid', 0, 0)`;
    const difference = (id: number, reason: string) =>
      `INSERT INTO payment_differences (payment_id, loan_id, received_fen, settled_fen, reason, created_at) VALUES (${id}, 1, 103300, 0, '${reason}', 0)`;
    await runRaw(database, [
      ...schema,
      ...version,
      ...OLD_DATA,
      payment(1),
      payment(2),
      payment(3),
      difference(1, 'closed'),
      difference(2, 'repriced'),
      difference(3, 'settled_otherwise'),
    ]);
    const { store, ready } = openTestDatabase(database);
    await ready;
    expect(
      await store.q.selectFrom('payment_differences').select(['payment_id', 'reason', 'due_fen']).orderBy('payment_id').execute(),
    ).toEqual([
      { payment_id: 1, reason: 'superseded', due_fen: null },
      { payment_id: 2, reason: 'amount_unknown', due_fen: null },
      { payment_id: 3, reason: 'settled_otherwise', due_fen: null },
    ]);
    await store.close();
  } finally {
    await database.drop();
  }
});

test('articles written before they had two languages keep their text as the language it is in', async () => {
  const database = await sharedDatabase();
  try {
    const before = MIGRATIONS.filter((migration) => migration.version < 22);
    const schema = before.map((migration) => (ENGINE === 'postgres' ? postgresDdl(migration.postgres ?? migration.sql) : migration.sql));
    const last = before[before.length - 1].version;
    const version =
      ENGINE === 'postgres'
        ? ['CREATE TABLE schema_version (version BIGINT NOT NULL)', `INSERT INTO schema_version VALUES (${last})`]
        : [`PRAGMA user_version = ${last}`];
    const article = (id: number, title: string, summary: string, content: string) =>
      `INSERT INTO news (id, title, summary, cover, author, content, published_at) VALUES (${id}, '${title}', '${summary}', '', 'Desk', '${content}', 0)`;
    await runRaw(database, [
      ...schema,
      ...version,
      article(1, 'Holiday hours', 'When we answer.', '<p>Open every day.</p>'),
      article(2, '假期服务时间', '客服时间调整。', '<p>每天营业。</p>'),
    ]);
    const { store, ready } = openTestDatabase(database);
    await ready;
    const columns = ['id', 'title_zh', 'summary_zh', 'content_zh', 'title_en', 'summary_en', 'content_en'] as const;
    expect(await store.q.selectFrom('news').select(columns).orderBy('id').execute()).toEqual([
      {
        id: 1,
        title_zh: '',
        summary_zh: '',
        content_zh: '',
        title_en: 'Holiday hours',
        summary_en: 'When we answer.',
        content_en: '<p>Open every day.</p>',
      },
      {
        id: 2,
        title_zh: '假期服务时间',
        summary_zh: '客服时间调整。',
        content_zh: '<p>每天营业。</p>',
        title_en: '',
        summary_en: '',
        content_en: '',
      },
    ]);
    await store.close();
  } finally {
    await database.drop();
  }
});
