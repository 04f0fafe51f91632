import {
  ADMIN_ENDPOINTS,
  adminPath,
  createLoan,
  exportPath,
  myLoans,
  type ApprovalAsked,
  type AuditEntry,
  type Listing,
  type OverdueLoan,
  type Queues,
  type ConsoleLoan,
} from '@instalment/contract/api';
import { DEVELOPMENT_DATA_KEYS, FieldCipher } from '../../src/sealing/field-cipher';
import { LoanRecords } from '../../src/repositories/loans';
import { UserRecords } from '../../src/repositories/users';
import { CSV_BOM } from '../../src/services/csv';
import { DAY_MS, refusal, rowCount, signUp, startServer, type TestServer } from '../helpers';
import { operatorsOf, type LoggedInOperator } from '../operators';

/**
 * The console's lists for real work (issue 37): the overdue filter as the ledger derives it,
 * pages past the app's 50 with true totals, sorting, search, days in Asia/Shanghai, and the CSV
 * exports of the same lists.
 */

let server: TestServer;
const { loggedIn } = operatorsOf(() => server);

/** A Shanghai day of the book seeded below, far from the loan made through the API. */
const BOOK_DAY = '2025-12-10';
const BOOK_SIZE = 60;
const HARD_NAME = '=SUM(1,2) "Boss"';

let paging: { mobile: string; userId: number };
let searched: { mobile: string; orderNo: string };
let overdueOrder: string;
let staff: LoggedInOperator;
let auditor: LoggedInOperator;

/** The tests' server seals with the development keys. */
const cipher = new FieldCipher(DEVELOPMENT_DATA_KEYS);

/** A loan written as an application leaves it, at a chosen instant (the API stamps its own clock). */
async function seedLoan(userId: number, orderNo: string, createdAt: number, amountYuan: number, realName: string) {
  await new LoanRecords(server.app.store).insert({
    order_no: orderNo,
    user_id: userId,
    amount_fen: amountYuan * 100,
    term: 3 + (amountYuan % 3) * 3,
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
    created_at: createdAt,
    approve_after: null,
  });
}

async function borrowerId(mobile: string): Promise<number> {
  return (await new UserRecords(server.app.store).byMobile(mobile))!.id;
}

beforeAll(async () => {
  server = await startServer({ approvalMode: 'manual' });
  const [first, second] = [await signUp(server), await signUp(server)];
  // One loan through the API (before the book takes the borrower's credit): approved, disbursed with four eyes, then 45 days unpaid.
  const [reviewer, maker, checker] = await Promise.all([loggedIn(['reviewer']), loggedIn(['finance']), loggedIn(['admin'])]);
  overdueOrder = (await createLoan(first.http, first.application)).order_no;
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no: overdueOrder }));
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no: overdueOrder }), {
    bank_ref: 'R-1',
  });
  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }));
  paging = { mobile: first.mobile, userId: await borrowerId(first.mobile) };
  // 60 applications made on one Shanghai day, a minute apart, with amounts out of their order.
  const dayStart = Date.UTC(2025, 11, 9, 16);
  for (let index = 0; index < BOOK_SIZE; index += 1) {
    await seedLoan(
      paging.userId,
      `LB${String(index).padStart(4, '0')}`,
      dayStart + index * 60_000,
      1000 + ((index * 37) % BOOK_SIZE) * 10,
      'Li Lei',
    );
  }
  searched = { mobile: second.mobile, orderNo: 'LSEARCH0001' };
  await seedLoan(await borrowerId(second.mobile), searched.orderNo, Date.UTC(2025, 10, 20, 4), 3000, `王小明`);
  await seedLoan(await borrowerId(second.mobile), 'LHARD0001', Date.UTC(2025, 10, 21, 4), 3100, HARD_NAME);
  // Either side of midnight in Shanghai (16:00 UTC), and 23:30 UTC, which is already the next morning there.
  await seedLoan(paging.userId, 'LEDGE-BEFORE', Date.UTC(2025, 10, 30, 15, 59, 59, 999), 1100, 'Li Lei');
  await seedLoan(paging.userId, 'LEDGE-MIDNIGHT', Date.UTC(2025, 10, 30, 16), 1200, 'Li Lei');
  await seedLoan(paging.userId, 'LEDGE-2330', Date.UTC(2025, 10, 30, 23, 30), 1300, 'Li Lei');

  server.clock.advance(45 * DAY_MS);
  [staff, auditor] = await Promise.all([loggedIn(['finance']), loggedIn(['auditor'])]);
});
afterAll(() => server.close());

const query = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
const loans = (params: Record<string, string | number>) =>
  staff.data<Listing<ConsoleLoan>>('GET', `${ADMIN_ENDPOINTS.loans}${query(params)}`);
const book = { status: 'pending', from: BOOK_DAY, to: BOOK_DAY };

describe('the overdue filter', () => {
  it('lists the loans the ledger finds overdue, as many as the queue counts; they are not under "repaying"', async () => {
    const overdue = await loans({ status: 'overdue', limit: 200 });
    const queues = await staff.data<Queues>('GET', ADMIN_ENDPOINTS.queues);
    const report = await staff.data<OverdueLoan[]>('GET', ADMIN_ENDPOINTS.overdue);
    expect(overdue.list.map((loan) => loan.order_no)).toEqual([overdueOrder]);
    expect(overdue.list[0].status).toBe('overdue');
    expect(overdue.total).toBe(queues.loans_overdue);
    expect(report.map((row) => row.order_no)).toEqual([overdueOrder]);
    expect((await loans({ status: 'repaying', limit: 200 })).total).toBe(0);
  });

  it('is a loan being repaid while nothing is overdue', async () => {
    const now = server.clock.now;
    try {
      server.clock.now = now - 45 * DAY_MS;
      expect((await loans({ status: 'overdue' })).total).toBe(0);
      expect((await loans({ status: 'repaying' })).list.map((loan) => loan.order_no)).toEqual([overdueOrder]);
    } finally {
      server.clock.now = now;
    }
  });
});

describe('pages past 50', () => {
  it('answers 60 loans on one page of 200, or in pages of 25 with the true total', async () => {
    const whole = await loans({ ...book, limit: 200 });
    expect(whole.total).toBe(BOOK_SIZE);
    expect(whole.list).toHaveLength(BOOK_SIZE);
    const pages = await Promise.all([1, 2, 3].map((page) => loans({ ...book, limit: 25, page })));
    expect(pages.map((page) => [page.total, page.list.length])).toEqual([
      [60, 25],
      [60, 25],
      [60, 10],
    ]);
    expect(pages.flatMap((page) => page.list.map((loan) => loan.order_no))).toEqual(whole.list.map((loan) => loan.order_no));
  });

  it('refuses pages over 200 in the console, and the app keeps its own limit of 50', async () => {
    expect((await staff.call('GET', `${ADMIN_ENDPOINTS.loans}?limit=201`)).body.code).toBe(0);
    expect((await auditor.call('GET', `${ADMIN_ENDPOINTS.audit}?limit=200`)).body.code).toBe(1);
    const borrower = await signUp(server);
    expect((await refusal(myLoans(borrower.http, { limit: 51 }))).message).toMatch(/50/);
  });
});

describe('sorting', () => {
  it('orders by a column shown, either way, the same across pages', async () => {
    const byAmount = (await loans({ ...book, limit: 200, sort: 'amount', order: 'desc' })).list.map((loan) => Number(loan.amount));
    expect(byAmount).toEqual([...byAmount].sort((a, b) => b - a));
    const first = await loans({ ...book, limit: 10, sort: 'amount', order: 'asc' });
    expect(first.list.map((loan) => Number(loan.amount))).toEqual([1000, 1010, 1020, 1030, 1040, 1050, 1060, 1070, 1080, 1090]);
    const newest = await loans({ ...book, limit: 1, sort: 'created_at', order: 'desc' });
    expect(newest.list[0].order_no).toBe(`LB00${BOOK_SIZE - 1}`);
  });

  it('refuses a column it does not show', async () => {
    expect((await staff.call('GET', `${ADMIN_ENDPOINTS.loans}?sort=id_card`)).body.code).toBe(0);
  });
});

describe('search', () => {
  it('finds a loan by part of the phone, part of the name or part of the order number', async () => {
    const found = async (q: string) => (await loans({ q, limit: 200 })).list.map((loan) => loan.order_no).sort();
    expect(await found(searched.mobile.slice(-5))).toEqual(['LHARD0001', searched.orderNo]);
    expect(await found('小明')).toEqual([searched.orderNo]);
    expect(await found('SEARCH')).toEqual([searched.orderNo]);
    expect(await found('%')).toEqual([]);
  });
});

describe('days in Asia/Shanghai', () => {
  it('counts a loan by the Shanghai day it was made: 23:30 UTC is the next day, 15:59:59 UTC the same', async () => {
    const day = async (from: string, to = from) => (await loans({ from, to, limit: 200 })).list.map((loan) => loan.order_no);
    expect(await day('2025-12-01')).toEqual(['LEDGE-MIDNIGHT', 'LEDGE-2330']);
    expect(await day('2025-11-30')).toEqual(['LEDGE-BEFORE']);
    expect(await day('2025-11-30', '2025-12-01')).toHaveLength(3);
  });

  it('refuses a day that is not one', async () => {
    expect((await staff.call('GET', `${ADMIN_ENDPOINTS.loans}?from=2025-02-30`)).body.msg).toBe(
      'There is no day 2025-02-30 in the calendar.',
    );
    expect((await staff.call('GET', `${ADMIN_ENDPOINTS.loans}?from=30.11.2025`)).body.code).toBe(0);
  });
});

describe('the audit list', () => {
  it('pages past 50 entries with the true total, and filters by operator and day', async () => {
    for (let read = 0; read < 50; read += 1) await staff.data('GET', ADMIN_ENDPOINTS.queues);
    const all = await rowCount(server, 'audit_log');
    expect(all).toBeGreaterThan(50);
    const page = await auditor.data<Listing<AuditEntry>>('GET', `${ADMIN_ENDPOINTS.audit}?limit=25&page=2`);
    expect(page.total).toBe(all);
    expect(page.list).toHaveLength(25);

    const today = new Date(server.clock.now + 8 * 3600_000).toISOString().slice(0, 10);
    const mine = await auditor.data<Listing<AuditEntry>>(
      'GET',
      `${ADMIN_ENDPOINTS.audit}${query({ operator: staff.username, from: today, to: today, limit: 200 })}`,
    );
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((entry) => entry.username === staff.username)).toBe(true);
    const yesterday = new Date(server.clock.now + 8 * 3600_000 - DAY_MS).toISOString().slice(0, 10);
    expect(
      (
        await auditor.data<Listing<AuditEntry>>(
          'GET',
          `${ADMIN_ENDPOINTS.audit}${query({ operator: staff.username, from: yesterday, to: yesterday })}`,
        )
      ).total,
    ).toBe(0);
  });
});

describe('exports', () => {
  /** The export as it arrives: status, headers and bytes. */
  async function download(operator: LoggedInOperator, path: string) {
    const response = await fetch(`${server.baseURL}${path}`, { headers: { authorization: `Bearer ${operator.token}` } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }
  const exportsAudited = async (action: string) =>
    Number(
      (
        await server.app.store.q
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lines = (bytes: Buffer) => bytes.toString('utf8').slice(CSV_BOM.length).split('\r\n').filter(Boolean);

  it('writes loans as UTF-8 CSV with a BOM, named by the Shanghai day, times in the zone the header names', async () => {
    const before = await exportsAudited('export.loans');
    const file = await download(staff, exportPath('loans', { from: '2025-12-01', to: '2025-12-01', sort: 'created_at', order: 'asc' }));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date(server.clock.now + 8 * 3600_000).toISOString().slice(0, 10);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="loans-${today}.csv"`);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = lines(file.bytes);
    expect(header).toBe('order_no,real_name,mobile,amount,term,status,created_at (Asia/Shanghai),disbursed_at (Asia/Shanghai)');
    expect(rows).toEqual([
      `LEDGE-MIDNIGHT,Li Lei,${paging.mobile},1200.00,3,pending,2025-12-01 00:00:00,`,
      `LEDGE-2330,Li Lei,${paging.mobile},1300.00,6,pending,2025-12-01 07:30:00,`,
    ]);
    expect(await exportsAudited('export.loans')).toBe(before + 1);
  });

  it('writes a name with a comma, a quote and a leading = as text, quoted', async () => {
    const file = await download(staff, exportPath('loans', { q: 'LHARD' }));
    expect(lines(file.bytes)[1]).toMatch(/^LHARD0001,"'=SUM\(1,2\) ""Boss""",/);
  });

  it('writes every row past a page: 60 loans and the header', async () => {
    expect(lines((await download(staff, exportPath('loans', book))).bytes)).toHaveLength(BOOK_SIZE + 1);
  });

  it('writes the overdue report with its days and penalties', async () => {
    const report = await staff.data<OverdueLoan[]>('GET', ADMIN_ENDPOINTS.overdue);
    const before = await exportsAudited('export.overdue');
    const [header, row] = lines((await download(staff, exportPath('overdue', {}))).bytes);
    expect(header).toBe('order_no,real_name,mobile,overdue_periods,overdue_days,overdue_amount,penalty');
    const [loan] = report;
    expect(row).toBe(
      [
        loan.order_no,
        loan.real_name,
        loan.mobile,
        loan.overdue_periods.join(' '),
        loan.overdue_days,
        loan.overdue_amount,
        loan.penalty,
      ].join(','),
    );
    expect(loan.overdue_days).toBeGreaterThan(0);
    expect(await exportsAudited('export.overdue')).toBe(before + 1);
  });

  it('writes payments and the audit, each audited once, under the permission of its list', async () => {
    const payments = await exportsAudited('export.payments');
    const file = await download(staff, exportPath('payments', { status: 'paid' }));
    expect(lines(file.bytes)[0]).toBe(
      'payment_no,order_no,amount,status,refunded,channel,created_at (Asia/Shanghai),paid_at (Asia/Shanghai)',
    );
    expect(await exportsAudited('export.payments')).toBe(payments + 1);

    const audit = await exportsAudited('export.audit');
    const log = lines((await download(auditor, exportPath('audit', { operator: staff.username }))).bytes);
    expect(log[0]).toBe('at (Asia/Shanghai),username,roles,action,target,changes,outcome,reason,address');
    expect(log.slice(1).every((line) => line.split(',')[1] === staff.username)).toBe(true);
    expect(await exportsAudited('export.audit')).toBe(audit + 1);

    expect((await download(staff, exportPath('audit', {}))).status).toBe(403);
  });
});
