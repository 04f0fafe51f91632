import {
  ADMIN_ENDPOINTS,
  askDifferenceApply,
  askDifferenceRefund,
  cashier,
  consoleAudit,
  createLoan,
  dailyReport,
  DEV_ENDPOINTS,
  exportPath,
  installments,
  uploadFile,
  uploadProof,
  type DailyReport,
  type DailyReportRange,
} from '@instalment/contract/api';
import { addDays, calendarDate, fromFen, toFen } from '@instalment/contract/loan';
import { CSV_BOM } from '../../src/services/csv';
import { throughFake, withFakes } from '../fakes';
import { blob, DAY_MS, PNG_BYTES, signUp, startServer } from '../helpers';
import { operatorsOf } from '../operators';
import { differencesOf } from '../services/reconciliation/differences';
import { request } from '../system/security/traffic';

const loopback = withFakes(['alipay'], ({ alipay }) =>
  startServer({
    ...throughFake(alipay),
    // Sessions outlive the weeks the clock moves for an instalment to fall overdue.
    tokenTtlSeconds: 90 * 24 * 3600,
  }),
);
const { loggedIn } = operatorsOf(() => loopback.server);
const { consoleOf, paidTwice, differenceOf, approve } = differencesOf(
  () => loopback.server,
  () => loopback.alipay,
);

const RETURN_URL = 'http://localhost:3000/';
const none = { count: 0, amount: '0.00' };
const sum = (amounts: readonly string[]) => fromFen(amounts.reduce((fen, amount) => fen + toFen(amount)!, 0));
const tally = (amounts: readonly string[]) => ({ count: amounts.length, amount: sum(amounts) });

/** A borrower whose loan was disbursed, and who paid `selection` of it at Alipay's page. */
async function paidAtAlipay(selection: { periods: string } | { payoff: '1' }) {
  const borrower = await signUp(loopback.server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const due = await cashier(borrower.http, { order_no, ...selection, channel: 'alipay', return_url: RETURN_URL });
  expect((await fetch(due.pay_url!)).status).toBe(200);
  loopback.alipay.holdNotifies = false;
  await loopback.alipay.pay(due.payment_no);
  return { borrower, due };
}

/** The day of a range's report. */
const dayIn = (report: DailyReportRange, date: string): DailyReport => report.days.find((day) => day.date === date)!;

test('a range reads each day: disbursed, repaid by channel, refunded, open differences and the overdue at day end, with totals', async () => {
  const first = calendarDate(loopback.server.clock.now);

  // The first day: six loans disbursed; three instalments paid by a proof and then at Alipay too,
  // one paid at Alipay alone, one loan settled whole at the payoff quote, one left to fall overdue.
  const refunded = await paidTwice();
  const applied = await paidTwice();
  const left = await paidTwice();
  const cashierPaid = await paidAtAlipay({ periods: '1' });
  const payoff = await paidAtAlipay({ payoff: '1' });
  const late = await signUp(loopback.server);
  const lateLoan = await createLoan(late.http, late.application);

  // The next day: one difference refunded, another applied to the next instalment.
  loopback.server.clock.advance(DAY_MS);
  const second = calendarDate(loopback.server.clock.now);
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const refund = await askDifferenceRefund(consoleOf(maker), (await differenceOf(maker, refunded.due.payment_no)).id);
  expect((await approve(checker, refund.approval_id)).body.code).toBe(1);
  const application = await askDifferenceApply(consoleOf(maker), (await differenceOf(maker, applied.due.payment_no)).id);
  expect((await approve(checker, application.approval_id)).body.code).toBe(1);
  expect(await differenceOf(maker, applied.due.payment_no)).toMatchObject({ status: 'credited' });

  // Weeks later the last loan's first instalment is overdue; the day before today it was, by a day less.
  const dueDate = (await installments(late.http, { order_no: lateLoan.order_no })).list[0].due_date;
  loopback.server.clock.advance(34 * DAY_MS);
  const today = calendarDate(loopback.server.clock.now);
  expect(today > addDays(dueDate, 1)).toBe(true);
  const owed = await cashier(late.http, { order_no: lateLoan.order_no, periods: '1' });
  const auditor = await loggedIn(['auditor']);

  const report = await dailyReport(consoleOf(auditor), { from: first, to: today });
  expect(report).toMatchObject({ from: first, to: today, time_zone: 'Asia/Shanghai' });
  expect(report.days.map((day) => day.date)).toEqual(Array.from({ length: 36 }, (_, index) => addDays(first, index)));

  const borrowers = [refunded.borrower, applied.borrower, left.borrower, cashierPaid.borrower, payoff.borrower, late];
  const proofs = [refunded.due.total, applied.due.total, left.due.total];
  expect(dayIn(report, first)).toEqual({
    date: first,
    disbursed: tally(borrowers.map((borrower) => borrower.application.amount!)),
    repaid: {
      count: 3 + 1 + payoff.due.items.length,
      amount: sum([...proofs, cashierPaid.due.total, payoff.due.total]),
    },
    repaid_by: [
      { channel: 'alipay', ...tally([cashierPaid.due.total]) },
      { channel: 'payoff', count: payoff.due.items.length, amount: payoff.due.total },
      { channel: 'transfer', ...tally(proofs) },
    ],
    refunded: none,
    // Recorded that day, and still open: the one neither refunded nor applied.
    differences_open: tally([left.due.total]),
    overdue: none,
    // Autopay is off here: nothing charged automatically.
    autopay_charged: none,
    autopay_failed: 0,
  });
  expect(dayIn(report, second)).toMatchObject({
    disbursed: none,
    repaid: tally([applied.due.total]),
    repaid_by: [{ channel: 'difference', ...tally([applied.due.total]) }],
    refunded: tally([refunded.due.total]),
    differences_open: none,
  });
  // Overdue from the day after its due date, at that day's price: the penalty grows a day at a time.
  expect(dayIn(report, dueDate).overdue).toEqual(none);
  const yesterday = dayIn(report, addDays(today, -1)).overdue;
  expect(yesterday.count).toBe(1);
  expect(toFen(yesterday.amount)!).toBeLessThan(toFen(owed.total)!);
  expect(toFen(yesterday.amount)!).toBeGreaterThan(toFen(dayIn(report, addDays(dueDate, 1)).overdue.amount)!);
  expect(dayIn(report, today).overdue).toEqual({ count: 1, amount: owed.total });

  expect(report.total).toEqual({
    disbursed: dayIn(report, first).disbursed,
    repaid: {
      count: 3 + 1 + payoff.due.items.length + 1,
      amount: sum([...proofs, cashierPaid.due.total, payoff.due.total, applied.due.total]),
    },
    repaid_by: [
      { channel: 'alipay', ...tally([cashierPaid.due.total]) },
      { channel: 'difference', ...tally([applied.due.total]) },
      { channel: 'payoff', count: payoff.due.items.length, amount: payoff.due.total },
      { channel: 'transfer', ...tally(proofs) },
    ],
    refunded: tally([refunded.due.total]),
    differences_open: tally([left.due.total]),
    // A range's overdue is its last day's.
    overdue: { count: 1, amount: owed.total },
    autopay_charged: none,
    autopay_failed: 0,
  });

  // Paid today by a proof: no longer overdue at today's end, but it still was at yesterday's.
  const file = await uploadFile(late.http, blob(Buffer.concat([PNG_BYTES, Buffer.from('late')]), 'image/png'), 'receipt.png');
  const proof = await uploadProof(late.http, { order_no: lateLoan.order_no, periods: [1], amount: owed.total, file_url: file.fullurl });
  await loopback.server.client().http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: proof.id, decision: 'approve' });
  const after = await dailyReport(consoleOf(auditor), { from: addDays(today, -1), to: today });
  expect(after.days.map((day) => day.overdue)).toEqual([yesterday, none]);
  expect(dayIn(after, today).repaid_by).toEqual([{ channel: 'transfer', ...tally([owed.total]) }]);
});

test('a range refused says why in the operator’s language; only finance, auditors and admins read the report', async () => {
  const auditor = await loggedIn(['auditor']);
  const today = calendarDate(loopback.server.clock.now);
  const refusal = async (query: string, locale: string) =>
    (
      await request(loopback.server.baseURL, 'GET', `${ADMIN_ENDPOINTS.dailyReport}${query}`, undefined, {
        authorization: `Bearer ${auditor.token}`,
        'accept-language': locale,
      })
    ).body;
  const tomorrow = addDays(today, 1);
  const longAgo = addDays(today, -92);
  expect(await refusal(`?from=${today}&to=${addDays(today, -1)}`, 'en')).toMatchObject({
    code: 0,
    msg: `The report’s first day (${today}) comes after its last (${addDays(today, -1)}).`,
  });
  expect((await refusal(`?from=${today}&to=${addDays(today, -1)}`, 'zh-CN')).msg).toBe(
    `报表的起始日期（${today}）晚于结束日期（${addDays(today, -1)}）。`,
  );
  expect((await refusal(`?from=${longAgo}&to=${today}`, 'en')).msg).toBe(`A report covers at most 92 days; ${longAgo} to ${today} is 93.`);
  expect((await refusal(`?from=${longAgo}&to=${today}`, 'zh-CN')).msg).toBe(`报表最多涵盖 92 天；${longAgo} 至 ${today} 共 93 天。`);
  expect((await refusal(`?date=${tomorrow}`, 'en')).msg).toBe(`There are no figures for ${tomorrow} yet: today is ${today}.`);
  expect((await refusal(`?date=${tomorrow}`, 'zh-CN')).msg).toBe(`${tomorrow} 还没有数据：今天是 ${today}。`);
  expect((await refusal('', 'en')).msg).toBe('Choose the report’s day, or its first and last days.');
  expect((await refusal('?from=2026-02-30&to=2026-03-01', 'zh-CN')).msg).toBe('日历上没有 2026-02-30 这一天。');
  // A quarter is one read.
  expect((await dailyReport(consoleOf(auditor), { from: addDays(today, -91), to: today })).days).toHaveLength(92);

  for (const role of ['reviewer', 'support', 'editor'] as const) {
    expect((await (await loggedIn([role])).call('GET', `${ADMIN_ENDPOINTS.dailyReport}?date=${today}`)).status).toBe(403);
  }
  for (const role of ['finance', 'admin'] as const) {
    expect((await (await loggedIn([role])).call('GET', `${ADMIN_ENDPOINTS.dailyReport}?date=${today}`)).body.code).toBe(1);
  }
});

test('the report exports as CSV, a row a day and the totals, audited; a refused range is a refusal, not a file', async () => {
  const [finance, auditor] = await Promise.all([loggedIn(['finance']), loggedIn(['auditor'])]);
  const today = calendarDate(loopback.server.clock.now);
  const from = addDays(today, -6);
  const shown = await dailyReport(consoleOf(finance), { from, to: today });
  const response = await fetch(`${loopback.server.baseURL}${exportPath('daily', { from, to: today })}`, {
    headers: { authorization: `Bearer ${finance.token}` },
  });
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="daily-${from}-${today}.csv"`);
  const [header, ...rows] = Buffer.from(await response.arrayBuffer())
    .toString('utf8')
    .slice(CSV_BOM.length)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
  expect(header).toEqual([
    'date (Asia/Shanghai)',
    'disbursed_count',
    'disbursed_amount',
    'repaid_count',
    'repaid_amount',
    ...shown.total.repaid_by.flatMap(({ channel }) => [`repaid_${channel}_count`, `repaid_${channel}_amount`]),
    'refunded_count',
    'refunded_amount',
    'differences_open_count',
    'differences_open_amount',
    'overdue_count',
    'overdue_amount',
    'autopay_charged_count',
    'autopay_charged_amount',
    'autopay_failed_count',
  ]);
  expect(rows.map((row) => row[0])).toEqual([...shown.days.map((day) => day.date), `${from}..${today}`]);
  const cell = (row: string[], column: string) => row[header.indexOf(column)];
  const [todayRow, totalRow] = rows.slice(-2);
  for (const { channel, count, amount } of dayIn(shown, today).repaid_by) {
    expect([cell(todayRow, `repaid_${channel}_count`), cell(todayRow, `repaid_${channel}_amount`)]).toEqual([String(count), amount]);
  }
  expect(cell(totalRow, 'repaid_amount')).toBe(shown.total.repaid.amount);
  expect(cell(totalRow, 'overdue_amount')).toBe(shown.total.overdue.amount);

  const audited = await consoleAudit(consoleOf(auditor), { action: 'export.daily', reads: 'each' });
  expect(audited.list[0]).toMatchObject({ username: finance.username, target: `reports:daily:${from}..${today}`, outcome: 'done' });

  const refused = await fetch(`${loopback.server.baseURL}${exportPath('daily', { from: today, to: from })}`, {
    headers: { authorization: `Bearer ${finance.token}` },
  });
  expect(refused.headers.get('content-type')).toMatch(/application\/json/);
  expect(((await refused.json()) as { msg: string }).msg).toBe(`The report’s first day (${today}) comes after its last (${from}).`);
  const support = await loggedIn(['support']);
  expect((await support.call('GET', exportPath('daily', { date: today }))).status).toBe(403);
});
