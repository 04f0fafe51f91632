import { execFile } from 'node:child_process';
import http from 'node:http';
import { ADMIN_ENDPOINTS, adminPath, createLoan, exportPath, type ApprovalAsked } from '@instalment/contract/api';
import { sql } from 'kysely';
import { DEVELOPMENT_DATA_KEYS, FieldCipher } from '../../src/sealing/field-cipher';
import { LoanRecords } from '../../src/repositories/loans';
import { UserRecords } from '../../src/repositories/users';
import { CSV_BOM } from '../../src/services/csv';
import { EXPORT_LIMITS } from '../../src/services/exports';
import { DAY_MS, sharedDatabase, signUp, startServer, type TestDatabase, type TestServer } from '../helpers';
import { operatorsOf, type LoggedInOperator } from '../operators';

/**
 * The console's exports under attack (issue 49): one export must not hold the API (a 200k-row
 * audit export while `/health/live` is probed), an operator runs one export at a time and a few
 * a minute, across the processes of one database; support and reviewers take no full names or
 * phones away; and no cell runs as a formula wherever a separator lets one start.
 */

const AUDIT_ROWS = 200_000;
/** Names as an attacker types them, each a formula after a separator some spreadsheet splits on. */
const PAYLOADS = ['x;=1+1', 'x\t=1+1', 'x;@SUM(A1)', 'x\t-2+3', '=HYPERLINK("http://evil")'];

let database: TestDatabase;
let server: TestServer;
/** A second API process on the same database. */
let other: TestServer;
const { loggedIn } = operatorsOf(() => server);
let borrower: { mobile: string; name: string };
let overdueBorrower: { mobile: string; name: string };

const cipher = new FieldCipher(DEVELOPMENT_DATA_KEYS);

async function seedLoan(userId: number, orderNo: string, realName: string) {
  await new LoanRecords(server.app.store).insert({
    order_no: orderNo,
    user_id: userId,
    amount_fen: 300_000,
    term: 3,
    monthly_rate_bp: 150,
    monthly_fee_bp: 0,
    penalty_bp: 5,
    grace_days: 3,
    purpose: 'consumption',
    real_name: realName,
    id_card: cipher.seal('110101199003071234'),
    bank_card: cipher.seal('6222020200112233445'),
    bank_name: 'ICBC',
    status: 'pending',
    created_at: server.clock.now,
    approve_after: null,
  });
}

/** Rows past two export pages, whose sort column repeats (ties) and, for payments, is often NULL. */
const BOOK_ROWS = 1_100;
/** The Shanghai day the book's payments were opened on. */
const BOOK_DAY = '2025-06-01';
const bookAmount = (index: number) => 100_000 + (index % 7) * 1_000;
const bookPaidAt = (index: number) => (index % 3 === 0 ? null : Date.UTC(2025, 5, 1, 2) + (index % 11) * 60_000);

async function seedBook(userId: number) {
  const sealedId = cipher.seal('110101199003071234');
  const sealedCard = cipher.seal('6222020200112233445');
  const loans = Array.from({ length: BOOK_ROWS }, (_, index) => ({
    order_no: `LKEY${String(index).padStart(5, '0')}`,
    user_id: userId,
    amount_fen: bookAmount(index),
    term: 3,
    monthly_rate_bp: 150,
    monthly_fee_bp: 0,
    penalty_bp: 5,
    grace_days: 3,
    purpose: 'consumption' as const,
    real_name: 'Han Meimei',
    id_card: sealedId,
    bank_card: sealedCard,
    bank_name: 'ICBC',
    status: 'rejected' as const,
    created_at: server.clock.now,
    approve_after: null,
  }));
  for (let start = 0; start < BOOK_ROWS; start += 200)
    await server.app.store.q
      .insertInto('loans')
      .values(loans.slice(start, start + 200))
      .execute();
  const loanId = (await new LoanRecords(server.app.store).byOrderNo('LKEY00000'))!.id;
  const payments = Array.from({ length: BOOK_ROWS }, (_, index) => ({
    payment_no: `PKEY${String(index).padStart(5, '0')}`,
    loan_id: loanId,
    periods: '1',
    payoff: 0,
    amount_fen: bookAmount(index),
    status: 'void' as const,
    created_at: Date.UTC(2025, 5, 1, 1),
    expires_at: Date.UTC(2025, 5, 1, 3),
    paid_at: bookPaidAt(index),
  }));
  for (let start = 0; start < BOOK_ROWS; start += 200)
    await server.app.store.q
      .insertInto('payments')
      .values(payments.slice(start, start + 200))
      .execute();
}

/** 200k audit rows in one statement, as months of a busy console would leave them. */
async function seedAudit(rows: number) {
  await sql
    .raw(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
       INSERT INTO audit_log (at, operator_id, username, roles, action, target, state_before, state_after, outcome, reason, address)
       SELECT ${server.clock.now - DAY_MS} + i, NULL, 'seed.reviewer', 'reviewer', 'loans.view', 'loan:L' || i, NULL, NULL, 'done', NULL, '10.0.0.1' FROM n`,
    )
    .execute(server.app.store.q);
}

beforeAll(async () => {
  database = await sharedDatabase();
  server = await startServer({ ...database.options, approvalMode: 'manual' });
  other = await startServer(database.options);
  // An overdue loan through the API: approved, disbursed with four eyes, then 45 days unpaid.
  const first = await signUp(server);
  const [reviewer, maker, checker] = await Promise.all([loggedIn(['reviewer']), loggedIn(['finance']), loggedIn(['admin'])]);
  const orderNo = (await createLoan(first.http, first.application)).order_no;
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no: orderNo }));
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no: orderNo }), {
    bank_ref: 'R-1',
  });
  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }));
  overdueBorrower = { mobile: first.mobile, name: first.application.real_name };
  server.clock.advance(45 * DAY_MS);
  other.clock.advance(45 * DAY_MS);

  const second = await signUp(server);
  const userId = (await new UserRecords(server.app.store).byMobile(second.mobile))!.id;
  borrower = { mobile: second.mobile, name: '王小明' };
  await seedLoan(userId, 'LMASK0001', borrower.name);
  for (const [index, name] of PAYLOADS.entries()) await seedLoan(userId, `LPAYLOAD${index}`, name);
  await seedBook(userId);
  await seedAudit(AUDIT_ROWS);
}, 120_000);
afterAll(async () => {
  await other?.close();
  await server?.close();
  await database?.drop();
});

const lines = (text: string) => text.slice(CSV_BOM.length).split('\r\n').filter(Boolean);

/** An export as it arrives, read whole. */
async function download(operator: LoggedInOperator, path: string, at = server) {
  const response = await fetch(`${at.baseURL}${path}`, {
    headers: { authorization: `Bearer ${operator.token}`, 'accept-language': 'zh-CN' },
  });
  return { status: response.status, text: await response.text() };
}

/** An export begun: a refusal read whole, a file left unread (its download held open) until `drop`. */
function begin(baseURL: string, token: string, path: string): Promise<{ status: number; text: string; drop(): void }> {
  return new Promise((resolve, reject) => {
    const call = http.get(
      `${baseURL}${path}`,
      { agent: false, headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' } },
      (response) => {
        const drop = () => response.destroy();
        if (response.statusCode === 200) return resolve({ status: 200, text: '', drop });
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), drop }));
      },
    );
    call.on('error', reject);
  });
}

/**
 * In a process of its own (as the attacker's client is), downloads an export as fast as it
 * comes while `/health/live` is asked every 50 ms from the moment the file begins; answers the
 * file's size and how long each probe waited.
 */
const WATCHER = `
const { BASE, TOKEN, FILE } = process.env;
const probes = [];
let writing = true;
const deadline = setTimeout(() => { console.log(JSON.stringify({ status: 0, lines: 0, probes })); process.exit(0); }, 25000);
(async () => {
  const response = await fetch(BASE + FILE, { headers: { authorization: 'Bearer ' + TOKEN } });
  const probing = (async () => {
    while (writing) {
      const sent = performance.now();
      await (await fetch(BASE + '/health/live')).arrayBuffer();
      probes.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  let lines = 0;
  for await (const chunk of response.body) for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  writing = false;
  await probing;
  clearTimeout(deadline);
  console.log(JSON.stringify({ status: response.status, lines, probes }));
})();`;

function watchExport(token: string, path: string): Promise<{ status: number; lines: number; probes: number[] }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', WATCHER],
      { env: { ...process.env, BASE: server.baseURL, TOKEN: token, FILE: path }, timeout: 40_000 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as { status: number; lines: number; probes: number[] })),
    );
  });
}

test('the API answers /health/live within 1 s while a 200k-row audit export streams', async () => {
  const auditor = await loggedIn(['auditor']);
  const watched = await watchExport(auditor.token, exportPath('audit', {}));
  expect(watched.status).toBe(200);
  expect(watched.lines).toBeGreaterThan(AUDIT_ROWS);
  expect(Math.max(...watched.probes)).toBeLessThan(1000);
  expect(watched.probes.length).toBeGreaterThanOrEqual(3);
}, 60_000);

test("the CSV payloads come out inert: each cell holding a formula after a separator is quoted text starting with '", async () => {
  const finance = await loggedIn(['finance']);
  const file = await download(finance, exportPath('loans', { q: 'LPAYLOAD', sort: 'order_no', order: 'asc' }));
  expect(file.status).toBe(200);
  const rows = lines(file.text).slice(1);
  expect(rows.map((row) => row.slice(0, row.indexOf(',', row.indexOf(',') + 1)))).toEqual([
    `LPAYLOAD0,"'x;'=1+1"`,
    `LPAYLOAD1,"'x\t'=1+1"`,
    `LPAYLOAD2,"'x;'@SUM(A1)"`,
    `LPAYLOAD3,"'x\t'-2+3"`,
    `LPAYLOAD4,"'=HYPERLINK(""http://evil"")"`,
  ]);
  // Split as a reader set for `;` or tab separators might split each line, quotes or not: no piece starts a formula.
  for (const row of rows) for (const piece of row.split(/[;\t]/).slice(1)) expect(piece).not.toMatch(/^[=+\-@]/);
  // The amount stays a number.
  expect(rows[0].split(',')).toContain('3000.00');
});

test('an export past several pages holds every row once, in the order of its sort column and then its id', async () => {
  const finance = await loggedIn(['finance']);
  const indices = Array.from({ length: BOOK_ROWS }, (_, index) => index);
  const byKey = (key: (index: number) => number) => (a: number, b: number) => key(a) - key(b) || a - b;
  const firsts = async (path: string) => {
    const file = await download(finance, path);
    expect(file.status).toBe(200);
    return lines(file.text)
      .slice(1)
      .map((row) => row.slice(0, row.indexOf(',')));
  };

  const ascending = [...indices].sort(byKey(bookAmount));
  expect(await firsts(exportPath('loans', { q: 'LKEY', sort: 'amount', order: 'asc' }))).toEqual(
    ascending.map((index) => `LKEY${String(index).padStart(5, '0')}`),
  );
  expect(await firsts(exportPath('loans', { q: 'LKEY', sort: 'amount', order: 'desc' }))).toEqual(
    [...ascending].reverse().map((index) => `LKEY${String(index).padStart(5, '0')}`),
  );
  // Unpaid payments (no paid_at) first, on either engine.
  const paid = [...indices].sort(byKey((index) => bookPaidAt(index) ?? 0));
  expect(await firsts(exportPath('payments', { from: BOOK_DAY, to: BOOK_DAY, sort: 'paid_at', order: 'asc' }))).toEqual(
    paid.map((index) => `PKEY${String(index).padStart(5, '0')}`),
  );
});

describe('full names and phones only for the roles that need them', () => {
  const loanRow = async (operator: LoggedInOperator) => {
    const file = await download(operator, exportPath('loans', { q: 'LMASK' }));
    expect(file.status).toBe(200);
    return lines(file.text)[1].split(',');
  };
  const overdueRow = async (operator: LoggedInOperator) => {
    const file = await download(operator, exportPath('overdue', {}));
    expect(file.status).toBe(200);
    return lines(file.text)[1].split(',');
  };
  const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

  it.each([['support'], ['reviewer']] as const)(
    'a %s exports masked names and phones, in loans and in the overdue report',
    async (role) => {
      const operator = await loggedIn([role]);
      const [, name, mobile] = await loanRow(operator);
      expect([name, mobile]).toEqual(['王**', masked(borrower.mobile)]);
      const [, overdueName, overdueMobile] = await overdueRow(operator);
      expect([overdueName, overdueMobile]).toEqual(['L*****', masked(overdueBorrower.mobile)]);
      expect(overdueName).not.toBe(overdueBorrower.name);
    },
  );

  it.each([['finance'], ['auditor'], ['admin']] as const)('%s exports them whole', async (role) => {
    const operator = await loggedIn([role]);
    expect((await loanRow(operator)).slice(1, 3)).toEqual([borrower.name, borrower.mobile]);
    expect((await overdueRow(operator)).slice(1, 3)).toEqual([overdueBorrower.name, overdueBorrower.mobile]);
  });

  it('a support agent who is also finance exports them whole', async () => {
    const operator = await loggedIn(['support', 'finance']);
    expect((await loanRow(operator)).slice(1, 3)).toEqual([borrower.name, borrower.mobile]);
  });
});

describe('one export at a time per operator, and a few a minute', () => {
  it('answers one of six parallel exports of one operator across two processes; the others are refused in their language until it ends', async () => {
    const auditor = await loggedIn(['auditor']);
    const small = exportPath('audit', { operator: 'nobody' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => begin((index % 2 ? other : server).baseURL, auditor.token, exportPath('audit', {}))),
    );
    try {
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
      for (const refused of answers.filter((answer) => answer.status === 429))
        expect(JSON.parse(refused.text)).toMatchObject({ code: 0, msg: '您的上一份导出仍在生成，请在其完成后再试。' });
      // Another operator is not held by it.
      expect((await download(await loggedIn(['auditor']), small)).status).toBe(200);
    } finally {
      // The download dropped half-way lets the slot go.
      for (const answer of answers) answer.drop();
    }
    let next = await download(auditor, small, other);
    for (let tries = 0; next.status === 429 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      next = await download(auditor, small, other);
    }
    expect(next.status).toBe(200);
  }, 30_000);

  it(`refuses an operator's export past ${EXPORT_LIMITS.perMinute} a minute, counted across processes`, async () => {
    const finance = await loggedIn(['finance']);
    for (let index = 0; index < EXPORT_LIMITS.perMinute; index += 1)
      expect((await download(finance, exportPath('payments', {}), index % 2 ? other : server)).status).toBe(200);
    const refused = await download(finance, exportPath('payments', {}), other);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 0, msg: `每分钟最多导出 ${EXPORT_LIMITS.perMinute} 次，请 60 秒后再试。` });
    server.clock.advance(EXPORT_LIMITS.windowMs);
    other.clock.advance(EXPORT_LIMITS.windowMs);
    expect((await download(finance, exportPath('payments', {}))).status).toBe(200);
  });
});
