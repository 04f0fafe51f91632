import {
  ADMIN_ENDPOINTS,
  adminPath,
  autopay,
  createLoan,
  installments,
  type AutopayRun,
  type DailyReportRange,
  type ConsoleAutopay,
} from '@instalment/contract/api';
import { withFakes } from '../../fakes';
import { applicationOf, signUp } from '../../helpers';
import { operatorsOf } from '../../operators';
import { at, chargesOf, dueDates, signAtAlipay, startAutopayServer, statuses, type Borrower } from './autopay';

/**
 * Autopay in the console: the day's run for finance, support and the auditor (names masked for
 * roles without personal data), a borrower's agreement and its history, finance's pause and
 * resume (audited; a paused borrower is not charged), and the run in the daily report.
 */
// 8,000 yuan a charge: a 12,000 loan's instalment passes, a 30,000 loan's does not.
const loopback = withFakes(['alipay'], ({ alipay }) => startAutopayServer(alipay, { chargeCapFen: 800_000 }), 'test');
const { loggedIn } = operatorsOf(() => loopback.server);

/** A signed borrower with a loan of `amount`, named `name`, and their account's id. */
async function signed(name: string, amount: string): Promise<Borrower & { id: number; fen: number }> {
  const user = await signUp(loopback.server);
  const { order_no } = await createLoan(user.http, { ...applicationOf(user.mobile), real_name: name, amount });
  const borrower = Object.assign(user, { order_no });
  await signAtAlipay(loopback.alipay, borrower);
  const row = await loopback.server.app.store.q
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', user.mobile)
    .executeTakeFirstOrThrow();
  const first = (await installments(user.http, { order_no })).list[0];
  return Object.assign(borrower, { id: row.id, fen: Math.round(Number(first.total) * 100) });
}

/** The due date's 10:00 run: the first borrower charged, the second short of balance, the third over the cap. */
async function dueDayRun() {
  const paid = await signed('Wang Fang', '12000.00');
  const short = await signed('Zhang Wei', '12000.00');
  const capped = await signed('Liu Yang', '30000.00');
  const [first] = await dueDates(paid);
  at(loopback.server, first, 10, 5);
  // Enough for the first charge alone: the second finds the balance gone.
  loopback.alipay.balanceFen = paid.fen;
  await loopback.server.app.services.autopay.run();
  return { paid, short, capped, first };
}

const runOf = (date: string) => `${ADMIN_ENDPOINTS.autopayRun}?date=${date}`;
const agreementOf = (id: number) => adminPath(ADMIN_ENDPOINTS.userAutopay, { id });
const yuan = (fen: number) => (fen / 100).toFixed(2);

test('finance reads the day’s run: due, charged, failed by balance, refused by the cap, each charge whole', async () => {
  const { paid, short, capped, first } = await dueDayRun();
  const finance = await loggedIn(['finance']);
  const run = await finance.data<AutopayRun>('GET', runOf(first));
  expect(run).toMatchObject({
    date: first,
    time_zone: 'Asia/Shanghai',
    due: { count: 3, amount: yuan(paid.fen + short.fen + capped.fen) },
    paused: { count: 0, amount: '0.00' },
    charged: { count: 1, amount: yuan(paid.fen) },
    failed: { count: 1, amount: yuan(short.fen) },
    pending: { count: 0, amount: '0.00' },
    refused: { count: 1, amount: yuan(capped.fen) },
  });
  expect(
    run.charges.map(({ borrower, mobile, order_no, attempt, state, reason, user_id }) => ({
      borrower,
      mobile,
      order_no,
      attempt,
      state,
      reason,
      user_id,
    })),
  ).toEqual([
    { borrower: 'Wang Fang', mobile: paid.mobile, order_no: paid.order_no, attempt: 1, state: 'paid', reason: null, user_id: paid.id },
    {
      borrower: 'Zhang Wei',
      mobile: short.mobile,
      order_no: short.order_no,
      attempt: 1,
      state: 'failed',
      reason: 'balance',
      user_id: short.id,
    },
    {
      borrower: 'Liu Yang',
      mobile: capped.mobile,
      order_no: capped.order_no,
      attempt: 1,
      state: 'refused',
      reason: 'charge_cap',
      user_id: capped.id,
    },
  ]);
  // Today, when no day is asked; nothing was charged the day before.
  expect((await finance.data<AutopayRun>('GET', ADMIN_ENDPOINTS.autopayRun)).charged.count).toBe(1);
  const before = await finance.data<AutopayRun>('GET', runOf('2026-01-15'));
  expect(before).toMatchObject({ due: { count: 0 }, charges: [] });
});

test('support reads the run masked and the borrower’s agreement, and cannot pause it; the auditor reads and cannot pause', async () => {
  const { short, first } = await dueDayRun();
  const support = await loggedIn(['support']);
  const run = await support.data<AutopayRun>('GET', runOf(first));
  expect(run.charges.map((charge) => charge.borrower)).toEqual(['W********', 'Z********', 'L*******']);
  expect(run.charges[1].mobile).toBe(`${short.mobile.slice(0, 3)}****${short.mobile.slice(7)}`);
  expect(run).toMatchObject({ charged: { count: 1 }, failed: { count: 1 }, refused: { count: 1 } });
  expect((await support.data<ConsoleAutopay>('GET', agreementOf(short.id))).state).toBe('active');
  expect((await support.call('POST', adminPath(ADMIN_ENDPOINTS.pauseAutopay, { id: short.id }))).status).toBe(403);

  const auditor = await loggedIn(['auditor']);
  expect((await auditor.data<AutopayRun>('GET', runOf(first))).charges[1].borrower).toBe('Zhang Wei');
  expect((await auditor.data<ConsoleAutopay>('GET', agreementOf(short.id))).paused).toBe(false);
  expect((await auditor.call('POST', adminPath(ADMIN_ENDPOINTS.pauseAutopay, { id: short.id }))).status).toBe(403);
  expect((await auditor.call('POST', adminPath(ADMIN_ENDPOINTS.resumeAutopay, { id: short.id }))).status).toBe(403);
  expect((await support.data<ConsoleAutopay>('GET', agreementOf(short.id))).paused).toBe(false);
});

test('finance pauses a borrower: not charged at the next hour; resumed, charged again; the history and the audit say so', async () => {
  const { paid, short, first } = await dueDayRun();
  const finance = await loggedIn(['finance']);
  const pausePath = adminPath(ADMIN_ENDPOINTS.pauseAutopay, { id: short.id });
  const resumePath = adminPath(ADMIN_ENDPOINTS.resumeAutopay, { id: short.id });

  at(loopback.server, first, 12, 0);
  const paused = await finance.data<ConsoleAutopay>('POST', pausePath);
  expect(paused).toMatchObject({ state: 'active', paused: true });
  // The borrower reads it too: until it resumes, they repay in the app.
  expect(await autopay(short.http)).toMatchObject({ state: 'active', paused: true });
  // A borrower who never signed has nothing to pause.
  expect((await finance.call('POST', adminPath(ADMIN_ENDPOINTS.pauseAutopay, { id: paid.id + 1000 }))).body).toMatchObject({
    code: 0,
    msg: 'Automatic repayment is not on.',
  });
  // Twice is refused: it is paused already.
  expect((await finance.call('POST', pausePath)).body).toMatchObject({
    code: 0,
    msg: 'Automatic repayment is already paused for this borrower.',
  });

  // The 16:00 run: the balance is back, but a paused borrower is not charged.
  loopback.alipay.balanceFen = 100_000_000;
  at(loopback.server, first, 16, 5);
  await loopback.server.app.services.autopay.run();
  expect(await chargesOf(loopback.server, short.order_no)).toHaveLength(1);
  expect(await statuses(short)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  const run = await finance.data<AutopayRun>('GET', runOf(first));
  expect(run).toMatchObject({ paused: { count: 1, amount: yuan(short.fen) } });
  expect(run.charges.map((charge) => [charge.order_no, charge.paused])).toEqual([
    [paid.order_no, false],
    [short.order_no, true],
    [expect.any(String), false],
  ]);

  at(loopback.server, first, 17, 0);
  expect(await finance.data<ConsoleAutopay>('POST', resumePath)).toMatchObject({ paused: false });
  expect(await autopay(short.http)).toMatchObject({ state: 'active', paused: false });
  expect((await finance.call('POST', resumePath)).body).toMatchObject({
    code: 0,
    msg: 'Automatic repayment is not paused for this borrower.',
  });
  at(loopback.server, first, 20, 5);
  await loopback.server.app.services.autopay.run();
  expect(await statuses(short)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect((await chargesOf(loopback.server, short.order_no)).map((charge) => charge.state)).toEqual(['failed', 'paid']);

  const support = await loggedIn(['support']);
  const view = await support.data<ConsoleAutopay>('GET', agreementOf(short.id));
  expect(view.history.map(({ event, operator }) => ({ event, operator }))).toEqual([
    { event: 'pending', operator: null },
    { event: 'active', operator: null },
    { event: 'paused', operator: finance.username },
    { event: 'resumed', operator: finance.username },
  ]);
  expect(view.history[2].at).toBe(new Date(Date.parse(`${first}T12:00:00+08:00`)).toISOString());
  expect(view.charges.map((charge) => [charge.attempt, charge.state])).toEqual([
    [2, 'paid'],
    [1, 'failed'],
  ]);

  const audited = await loopback.server.app.store.q
    .selectFrom('audit_log')
    .select(['action', 'target', 'username', 'outcome'])
    .where('action', 'in', ['autopay.pause', 'autopay.resume'])
    .orderBy('id')
    .execute();
  expect(audited.filter((row) => row.outcome === 'done')).toEqual([
    { action: 'autopay.pause', target: `user:${short.id}`, username: finance.username, outcome: 'done' },
    { action: 'autopay.resume', target: `user:${short.id}`, username: finance.username, outcome: 'done' },
  ]);
});

test('the daily report and its CSV count the day’s autopay charges: charged and failed', async () => {
  const { paid, short, first } = await dueDayRun();
  // The retry at 16:00 takes the second borrower's instalment.
  loopback.alipay.balanceFen = 100_000_000;
  at(loopback.server, first, 16, 5);
  await loopback.server.app.services.autopay.run();
  const finance = await loggedIn(['finance']);
  const report = await finance.data<DailyReportRange>('GET', `${ADMIN_ENDPOINTS.dailyReport}?date=${first}`);
  expect(report.days[0]).toMatchObject({ autopay_charged: { count: 2, amount: yuan(paid.fen + short.fen) }, autopay_failed: 1 });
  expect(report.total).toMatchObject({ autopay_charged: { count: 2 }, autopay_failed: 1 });

  const csv = (await finance.call('GET', `${ADMIN_ENDPOINTS.exportDailyReport}?date=${first}`)).body.msg;
  const [header, day] = csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
  expect(header.slice(-3)).toEqual(['autopay_charged_count', 'autopay_charged_amount', 'autopay_failed_count']);
  expect(day.slice(-3)).toEqual(['2', yuan(paid.fen + short.fen), '1']);
});
