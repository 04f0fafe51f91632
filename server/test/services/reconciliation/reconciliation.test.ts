import {
  ADMIN_ENDPOINTS,
  adminPath,
  askDifferenceApply,
  askDifferenceRefund,
  cashier,
  closeDifference,
  createLoan,
  dailyReport,
  installments,
  DEV_ENDPOINTS,
  GATEWAY_ENDPOINTS,
  paymentDifferences,
  type Approval,
  type Queues,
} from '@instalment/contract/api';
import { addDays, calendarDate, fromFen, toFen } from '@instalment/contract/loan';
import { throughFake, withFakes } from '../../fakes';
import { DAY_MS, signUp, startServer } from '../../helpers';
import { operatorsOf } from '../../operators';
import { differencesOf } from './differences';

const loopback = withFakes(['alipay'], ({ alipay }) => startServer(throughFake(alipay)));
const { loggedIn } = operatorsOf(() => loopback.server);

const { consoleOf, paidTwice, differenceOf, approve } = differencesOf(
  () => loopback.server,
  () => loopback.alipay,
);

test('a notify for an instalment a proof settled shows in the open differences, with the borrower, the money and both trade numbers', async () => {
  const finance = await loggedIn(['finance']);
  const { borrower, order_no, due, tradeNo } = await paidTwice();
  const open = await paymentDifferences(consoleOf(finance), { status: 'open', limit: 50 });
  expect(open.total).toBeGreaterThanOrEqual(1);
  expect(open.list.find((row) => row.payment_no === due.payment_no)).toMatchObject({
    order_no,
    mobile: borrower.mobile,
    real_name: borrower.application.real_name,
    trade_no: tradeNo,
    channel: 'alipay',
    periods: [1],
    payoff: false,
    received: due.total,
    settled: '0.00',
    unsettled: due.total,
    reason: 'settled_otherwise',
    status: 'open',
    resolved_at: null,
    approval_id: null,
  });
  // Only finance and admins reconcile; a status the list does not know is refused.
  const reviewer = await loggedIn(['reviewer']);
  expect((await reviewer.call('GET', `${ADMIN_ENDPOINTS.differences}?status=open`)).status).toBe(403);
  expect((await finance.call('GET', `${ADMIN_ENDPOINTS.differences}?status=lost`)).body.msg).toBe('There is no such status.');
});

test('a refund is asked by one finance operator and carried out through alipay.trade.refund by a second', async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const { due, tradeNo } = await paidTwice();
  const { id } = await differenceOf(maker, due.payment_no);
  const asked = await askDifferenceRefund(consoleOf(maker), id);
  expect(asked.status).toBe('awaiting');
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({ status: 'open', approval_id: asked.approval_id });
  expect(loopback.alipay.refunds.filter((refund) => refund.outTradeNo === due.payment_no)).toEqual([]);

  // The maker cannot carry out their own ask.
  expect((await approve(maker, asked.approval_id)).body.msg).toBe('A second operator must approve what you asked for.');
  const decided = await approve(checker, asked.approval_id);
  expect(decided.body.code).toBe(1);
  expect((decided.body.data as Approval).status).toBe('approved');

  expect(loopback.alipay.refunds.filter((refund) => refund.outTradeNo === due.payment_no)).toEqual([
    { outTradeNo: due.payment_no, tradeNo, outRequestNo: `R${due.payment_no}`, refundAmount: due.total, reason: expect.any(String) },
  ]);
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({
    status: 'refunded',
    refund_no: `R${due.payment_no}`,
    resolved_by: checker.username,
    approval_id: null,
  });
  // Resolved once: nothing more is asked of it.
  expect((await maker.call('POST', adminPath(ADMIN_ENDPOINTS.refundDifference, { id }))).body.msg).toBe(
    'This difference was resolved already.',
  );
});

test('ten finance operators approving one refund at once refund it once', async () => {
  const maker = await loggedIn(['finance']);
  const checkers = await Promise.all(Array.from({ length: 10 }, () => loggedIn(['finance'])));
  const { due } = await paidTwice();
  const asked = await askDifferenceRefund(consoleOf(maker), (await differenceOf(maker, due.payment_no)).id);
  const requests = loopback.alipay.refundRequests;
  const answers = await Promise.all(checkers.map((checker) => approve(checker, asked.approval_id)));
  expect(answers.filter((answer) => answer.body.code === 1)).toHaveLength(1);
  expect(new Set(answers.filter((answer) => answer.body.code !== 1).map((answer) => answer.body.msg))).toEqual(
    new Set(['This approval was decided already.']),
  );
  expect(loopback.alipay.refunds.filter((refund) => refund.outTradeNo === due.payment_no)).toHaveLength(1);
  expect(loopback.alipay.refundRequests - requests).toBe(1);
});

test('a refund Alipay refuses leaves the difference open and the ask awaiting; approved again, it refunds once', async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const { due } = await paidTwice();
  const asked = await askDifferenceRefund(consoleOf(maker), (await differenceOf(maker, due.payment_no)).id);
  const trade = loopback.alipay.trades.get(due.payment_no)!;
  trade.status = 'WAIT_BUYER_PAY';
  expect((await approve(checker, asked.approval_id)).body.msg).toBe(
    'The gateway did not refund (交易状态不合法). Nothing was recorded; try again.',
  );
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({ status: 'open', approval_id: asked.approval_id });
  trade.status = 'TRADE_SUCCESS';
  expect((await approve(checker, asked.approval_id)).body.code).toBe(1);
  expect(loopback.alipay.refunds.filter((refund) => refund.outTradeNo === due.payment_no)).toHaveLength(1);
});

test('a difference is closed with a reason, once, and can then not be refunded', async () => {
  const finance = await loggedIn(['finance']);
  const { due } = await paidTwice();
  const { id } = await differenceOf(finance, due.payment_no);
  const calls = consoleOf(finance);
  expect((await finance.call('POST', adminPath(ADMIN_ENDPOINTS.closeDifference, { id }), { reason: '  ' })).body.msg).toBe(
    'Say why the difference is closed, in at most 500 characters.',
  );
  expect((await finance.call('POST', adminPath(ADMIN_ENDPOINTS.closeDifference, { id }), { reason: 'x'.repeat(501) })).body.code).not.toBe(
    1,
  );
  expect(await closeDifference(calls, id, 'Refunded by bank transfer, ref ICBC-77')).toEqual({ id, status: 'closed' });
  expect(await differenceOf(finance, due.payment_no)).toMatchObject({
    status: 'closed',
    note: 'Refunded by bank transfer, ref ICBC-77',
    resolved_by: finance.username,
  });
  expect((await finance.call('POST', adminPath(ADMIN_ENDPOINTS.closeDifference, { id }), { reason: 'again' })).body.msg).toBe(
    'This difference was resolved already.',
  );
  expect((await finance.call('POST', adminPath(ADMIN_ENDPOINTS.refundDifference, { id }))).body.msg).toBe(
    'This difference was resolved already.',
  );
  const audit = await loopback.server.app.services.audit.list({ target: `difference:${id}`, limit: 10, offset: 0 });
  expect(audit.map((entry) => [entry.action, entry.outcome])).toContainEqual(['difference.close', 'done']);
});

test("applied to the borrower's next instalments on a second finance operator's approval, a difference settles them through the ledger, once", async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const { borrower, order_no, due } = await paidTwice();
  const { id } = await differenceOf(maker, due.payment_no);
  const asked = await askDifferenceApply(consoleOf(maker), id);
  expect(asked.status).toBe('awaiting');
  // Nothing moves on one operator's word, and the maker cannot carry out their own ask.
  expect((await installments(borrower.http, { order_no })).list.map((item) => item.status)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({ status: 'open', approval_id: asked.approval_id });
  expect((await approve(maker, asked.approval_id)).body.msg).toBe('A second operator must approve what you asked for.');
  expect((await loopback.server.app.services.approvals.byId(asked.approval_id)).subject).toEqual({
    about: 'apply',
    order_no,
    amount: due.total,
    payment_no: due.payment_no,
    at_price_shown: false,
    asked: due.total,
    due: null,
  });

  const decided = await approve(checker, asked.approval_id);
  expect((decided.body.data as Approval).status).toBe('approved');
  const second = (await installments(borrower.http, { order_no })).list[1];
  expect(second.status).toBe('paid');
  expect((await installments(borrower.http, { order_no })).list.map((item) => item.status)).toEqual(['paid', 'paid', 'unpaid']);
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({
    status: 'credited',
    settled: second.total,
    resolved_by: checker.username,
    approval_id: null,
  });
  expect((await maker.call('POST', adminPath(ADMIN_ENDPOINTS.applyDifference, { id }), {})).body.msg).toBe(
    'This difference was resolved already.',
  );
});

test('what is too little to pay the next instalment says its price rose, with both amounts, and cannot be asked to be applied', async () => {
  const finance = await loggedIn(['finance']);
  const borrower = await signUp(loopback.server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const due = await cashier(borrower.http, { order_no, periods: '1,2', channel: 'alipay', return_url: 'http://localhost:3000/' });
  expect((await fetch(due.pay_url!)).status).toBe(200);
  // Paid after the penalties grew: what the money covers settles, a few yuan are left over.
  await loopback.server.client().http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });
  loopback.alipay.holdNotifies = true;
  await loopback.alipay.pay(due.payment_no);
  expect(
    await loopback.alipay.postNotify(
      `${loopback.server.baseURL}${GATEWAY_ENDPOINTS.alipayNotify}`,
      loopback.alipay.notifyFields(due.payment_no),
    ),
  ).toBe('success');
  const difference = await differenceOf(finance, due.payment_no);
  expect(difference).toMatchObject({ reason: 'price_rose', asked: due.total, received: due.total, status: 'open', at_price_shown: false });
  expect(toFen(difference.due!)!).toBeGreaterThan(toFen(due.total)!);
  const before = (await installments(borrower.http, { order_no })).list.map((item) => item.status);
  expect((await finance.call('POST', adminPath(ADMIN_ENDPOINTS.applyDifference, { id: difference.id }), {})).body.msg).toBe(
    `What is left of this difference (${difference.unsettled}) does not pay the next instalment; refund it or close it.`,
  );
  expect((await installments(borrower.http, { order_no })).list.map((item) => item.status)).toEqual(before);
  expect(await differenceOf(finance, difference.payment_no)).toMatchObject({
    status: 'open',
    unsettled: difference.unsettled,
    approval_id: null,
  });
});

/**
 * A borrower with an overdue first instalment who opens Alipay's page for it at 23:50 in Shanghai
 * and whose payment reaches the server `late` minutes later, in the next business day: one more
 * day of penalty by then.
 */
async function paidAcrossMidnight(late: number) {
  const sinceMidnightUtc = loopback.server.clock.now % DAY_MS;
  // 15:50 UTC is 23:50 in Shanghai, where the books are kept.
  loopback.server.clock.advance((15 * 60 + 50) * 60_000 - sinceMidnightUtc + DAY_MS);
  const borrower = await signUp(loopback.server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  await loopback.server.client().http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });
  const due = await cashier(borrower.http, { order_no, periods: '1', channel: 'alipay', return_url: 'http://localhost:3000/' });
  expect((await fetch(due.pay_url!)).status).toBe(200);
  loopback.server.clock.advance(late * 60_000);
  loopback.alipay.holdNotifies = true;
  await loopback.alipay.pay(due.payment_no);
  expect(
    await loopback.alipay.postNotify(
      `${loopback.server.baseURL}${GATEWAY_ENDPOINTS.alipayNotify}`,
      loopback.alipay.notifyFields(due.payment_no),
    ),
  ).toBe('success');
  return { borrower, order_no, due };
}

test('a payment a penalty day made short reads that its price rose, and applied at the price shown on four eyes, clears the overdue', async () => {
  const { borrower, order_no, due } = await paidAcrossMidnight(15);
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const today = (await installments(borrower.http, { order_no })).list[0];
  expect(today).toMatchObject({ status: 'overdue' });
  expect(toFen(today.total)!).toBeGreaterThan(toFen(due.total)!);
  const difference = await differenceOf(maker, due.payment_no);
  expect(difference).toMatchObject({
    reason: 'price_rose',
    asked: due.total,
    due: today.total,
    received: due.total,
    settled: '0.00',
    unsettled: due.total,
    at_price_shown: true,
  });

  const asked = await askDifferenceApply(consoleOf(maker), difference.id, true);
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({ status: 'open', approval_id: asked.approval_id });
  // While it waits, it can be neither refunded nor closed.
  const waits = `Applying this difference waits for a second operator (approval #${asked.approval_id}); decline it first.`;
  expect((await maker.call('POST', adminPath(ADMIN_ENDPOINTS.refundDifference, { id: difference.id }))).body.msg).toBe(waits);
  expect(
    (await maker.call('POST', adminPath(ADMIN_ENDPOINTS.closeDifference, { id: difference.id }), { reason: 'Paid by bank' })).body.msg,
  ).toBe(waits);
  expect((await approve(maker, asked.approval_id)).body.msg).toBe('A second operator must approve what you asked for.');
  expect((await loopback.server.app.services.approvals.byId(asked.approval_id)).subject).toMatchObject({
    about: 'apply',
    at_price_shown: true,
    asked: due.total,
    due: today.total,
  });

  expect((await approve(checker, asked.approval_id)).body.code).toBe(1);
  const [first, ...rest] = (await installments(borrower.http, { order_no })).list;
  // Settled at the price the borrower paid, on the day they were shown it: no instalment is overdue.
  expect(first).toMatchObject({ status: 'paid', total: due.total });
  expect(rest.map((item) => item.status)).not.toContain('overdue');
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({
    status: 'credited',
    settled: due.total,
    unsettled: '0.00',
    resolved_by: checker.username,
  });
});

test('money that arrives after the price shown stopped holding cannot be applied at that price', async () => {
  const { due } = await paidAcrossMidnight(45);
  const finance = await loggedIn(['finance']);
  const difference = await differenceOf(finance, due.payment_no);
  expect(difference).toMatchObject({ reason: 'price_rose', at_price_shown: false });
  expect(
    (await finance.call('POST', adminPath(ADMIN_ENDPOINTS.applyDifference, { id: difference.id }), { at_price_shown: true })).body.msg,
  ).toBe(
    'This difference cannot be applied at the price the borrower was shown: only money that arrived while that price held, short by what accrued after, can. Apply it at today’s price, refund it or close it.',
  );
  expect(await differenceOf(finance, due.payment_no)).toMatchObject({ status: 'open', approval_id: null });
});

test('the queues count the open differences', async () => {
  const finance = await loggedIn(['finance']);
  const before = (await finance.data<Queues>('GET', ADMIN_ENDPOINTS.queues)).differences_open;
  expect(before).toBe((await paymentDifferences(consoleOf(finance), { status: 'open', limit: 1 })).total);
  const { due } = await paidTwice();
  expect((await finance.data<Queues>('GET', ADMIN_ENDPOINTS.queues)).differences_open).toBe(before + 1);
  await closeDifference(consoleOf(finance), (await differenceOf(finance, due.payment_no)).id, 'A test payment');
  expect((await finance.data<Queues>('GET', ADMIN_ENDPOINTS.queues)).differences_open).toBe(before);
});

test("the daily report counts a Shanghai day's disbursed, repaid, refunded and open money", async () => {
  // 16:30 UTC: already 00:30 of the next day in Shanghai, where the books are kept.
  const sinceMidnightUtc = loopback.server.clock.now % DAY_MS;
  loopback.server.clock.advance(2 * DAY_MS + ((16.5 * 3600 * 1000 - sinceMidnightUtc + DAY_MS) % DAY_MS));
  const day = calendarDate(loopback.server.clock.now);
  expect(new Date(loopback.server.clock.now).toISOString().slice(0, 10)).toBe(addDays(day, -1));
  const [maker, checker, auditor] = await Promise.all([loggedIn(['finance']), loggedIn(['finance']), loggedIn(['auditor'])]);

  const refunded = await paidTwice();
  const left = await paidTwice();
  const asked = await askDifferenceRefund(consoleOf(maker), (await differenceOf(maker, refunded.due.payment_no)).id);
  expect((await approve(checker, asked.approval_id)).body.code).toBe(1);

  const twice = (amount: string) => fromFen(2 * toFen(amount)!);
  const report = await dailyReport(consoleOf(auditor), { date: day });
  expect(report.time_zone).toBe('Asia/Shanghai');
  expect(report.days).toEqual([expect.objectContaining({ date: day })]);
  expect(report.days[0]).toMatchObject({
    disbursed: { count: 2, amount: twice(refunded.borrower.application.amount!) },
    repaid: { count: 2, amount: twice(refunded.due.total) },
    repaid_by: [{ channel: 'transfer', count: 2, amount: twice(refunded.due.total) }],
    refunded: { count: 1, amount: refunded.due.total },
    differences_open: { count: 1, amount: left.due.total },
  });
  // The UTC date of the same instants is another day of the books.
  const none = { count: 0, amount: '0.00' };
  expect((await dailyReport(consoleOf(auditor), { date: addDays(day, -1) })).days[0]).toMatchObject({
    disbursed: none,
    repaid: none,
    refunded: none,
    differences_open: none,
  });
  expect((await auditor.call('GET', `${ADMIN_ENDPOINTS.dailyReport}?date=2026-02-30`)).body.msg).toBe(
    'There is no day 2026-02-30 in the calendar.',
  );
});
