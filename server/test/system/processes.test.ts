import Database from 'better-sqlite3';
import pg from 'pg';
import { cashier, createLoan, credit, ENDPOINTS, installments, myLoans, newsIndex } from '@instalment/contract/api';
import { clientOf, ENGINE, PASSWORD, sharedDatabase, signUp, type TestDatabase } from '../helpers';
import { startProcess, stop, type ApiProcess } from '../process';
import { payAtGateway } from '../services/ledger/gateway';
import { flood, post, tally } from './security/traffic';

/**
 * The API as a deployment grows it: two server processes (as behind a load balancer) on one
 * database — PostgreSQL when TEST_DATABASE_URL is set, one SQLite file otherwise. Each rule that
 * holds against simultaneous requests to one process holds when they are spread over both.
 */
let database: TestDatabase;
let first: ApiProcess;
let second: ApiProcess;
beforeAll(async () => {
  database = await sharedDatabase();
  // One after the other: the first creates and seeds the database, the second finds it ready.
  first = await startProcess(database.options);
  second = await startProcess(database.options);
}, 60_000);
afterAll(async () => {
  await Promise.all([first, second].filter(Boolean).map(stop));
  await database.drop();
}, 30_000);

const either = (index: number) => (index % 2 === 0 ? first : second);

test(`20 confirmations of one payment spread over two processes settle it once (${ENGINE})`, async () => {
  const user = await signUp(first);
  const { order_no } = await createLoan(user.http, user.application);
  const due = await cashier(user.http, { order_no, periods: '1' });
  const results = await Promise.all(Array.from({ length: 20 }, (_unused, index) => payAtGateway(either(index), due.payment_no)));
  expect(results.every((result) => result === 'success')).toBe(true);
  const plan = await installments(user.http, { order_no });
  expect(plan.list.map((item) => item.status)).toEqual(['paid', 'unpaid', 'unpaid']);
});

test(`20 ¥50,000 applications spread over two processes leave one within the credit line (${ENGINE})`, async () => {
  const user = await signUp(second);
  const onFirst = clientOf(first.baseURL);
  onFirst.token = user.token;
  const answers = await Promise.allSettled(
    Array.from({ length: 20 }, (_unused, index) =>
      createLoan((index % 2 === 0 ? onFirst : user).http, { ...user.application, amount: '50000', term: 12 }),
    ),
  );
  expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
  expect((await myLoans(user.http, { limit: 50 })).total).toBe(1);
  expect(await credit(user.http)).toEqual({ limit: '50000.00', used: '50000.00', available: '0.00', blocked: null });
});

test(`100 wrong passwords spread over two processes check 5 in all, then the account rests (${ENGINE})`, async () => {
  const user = await signUp(first);
  const login = (index: number, password: string) => post(either(index).baseURL, ENDPOINTS.login, { account: user.mobile, password });
  const answers = await flood(100, 100, (index) => login(index, 'incorrect1'));
  expect(tally(answers)['The account or password is incorrect.']).toBe(5);
  expect((await login(1, PASSWORD)).body.msg).toMatch(/^Too many wrong passwords/);
});

/** A statement straight on the shared database, as another program (or a console) would write. */
async function runRaw(statement: string): Promise<void> {
  if (database.options.databaseUrl) {
    const client = new pg.Client({ connectionString: database.options.databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(database.options.databaseFile!);
  try {
    db.pragma('busy_timeout = 5000');
    db.exec(statement);
  } finally {
    db.close();
  }
}

test(`a page of my loans or of the news that one process answered changes as soon as anyone writes (${ENGINE})`, async () => {
  const user = await signUp(first);
  const onSecond = clientOf(second.baseURL);
  onSecond.token = user.token;
  expect((await myLoans(onSecond.http)).total).toBe(0);
  const { order_no } = await createLoan(user.http, user.application);
  expect((await myLoans(onSecond.http)).list.map((loan) => [loan.order_no, loan.status])).toEqual([[order_no, 'repaying']]);
  const due = await cashier(user.http, { order_no, periods: '1' });
  expect(await payAtGateway(first, due.payment_no)).toBe('success');
  const plan = await installments(user.http, { order_no });
  expect((await myLoans(onSecond.http)).list[0].next_due_date).toBe(plan.list[1].due_date);

  const [latest] = (await newsIndex(onSecond.http, { page: 1, limit: 1 })).list;
  await runRaw(`UPDATE news SET title_en = 'Retitled elsewhere' WHERE id = ${latest.id}`);
  expect((await newsIndex(onSecond.http, { page: 1, limit: 1 })).list[0].title).toBe('Retitled elsewhere');
});
