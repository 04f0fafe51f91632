import {
  ADMIN_ENDPOINTS,
  adminPath,
  askDifferenceApply,
  askDifferenceRefund,
  installments,
  type Approval,
  type PaymentDifference,
} from '@instalment/contract/api';
import { toFen } from '@instalment/contract/loan';
import { DifferenceRecords } from '../../../src/repositories/differences';
import { REFUND_UNKNOWN_FOR_MS } from '../../../src/services/reconciliation';
import { throughFake, withFakes } from '../../fakes';
import { startServer } from '../../helpers';
import { operatorsOf, type LoggedInOperator } from '../../operators';
import { differencesOf } from './differences';

/** How long the app waits for Alipay here; the fake's late answers come well after it. */
const TIMEOUT_MS = 400;

const loopback = withFakes(['alipay'], ({ alipay }) => startServer(throughFake(alipay, { timeoutMs: TIMEOUT_MS })));
const { loggedIn } = operatorsOf(() => loopback.server);
const { consoleOf, paidTwice, differenceOf, approve } = differencesOf(
  () => loopback.server,
  () => loopback.alipay,
);

const PENDING =
  'A refund of this difference is pending at the gateway; nothing else can be done with it until the gateway says whether it refunded.';

/** What Alipay gave back of a payment, in fen, as its merchant records say. */
const gatewayRefundedFen = (paymentNo: string) =>
  loopback.alipay.refunds.filter((made) => made.outTradeNo === paymentNo).reduce((sum, made) => sum + toFen(made.refundAmount)!, 0);

/** The books' side: what the difference says was refunded and what it credited to instalments. */
const booked = (difference: PaymentDifference) => ({
  refundedFen: difference.refunded === null ? 0 : toFen(difference.refunded)!,
  creditedFen: toFen(difference.settled)!,
  receivedFen: toFen(difference.received)!,
});

/** Apply, close and a second refund, each as finance would try them on a difference. */
async function everyWayOut(finance: LoggedInOperator, id: number) {
  return {
    apply: (await finance.call('POST', adminPath(ADMIN_ENDPOINTS.applyDifference, { id }), {})).body.msg,
    close: (await finance.call('POST', adminPath(ADMIN_ENDPOINTS.closeDifference, { id }), { reason: 'Refunded by bank' })).body.msg,
    refund: (await finance.call('POST', adminPath(ADMIN_ENDPOINTS.refundDifference, { id }))).body.msg,
  };
}

test('a refund Alipay makes but answers after the time-out is pending and locked, then booked once at what Alipay refunded', async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const { borrower, order_no, due } = await paidTwice();
  const { id } = await differenceOf(maker, due.payment_no);
  const asked = await askDifferenceRefund(consoleOf(maker), id);

  // Alipay refunds at once and answers long after the app stopped waiting.
  loopback.alipay.refundDelayMs = TIMEOUT_MS * 4;
  const decided = await approve(checker, asked.approval_id);
  expect(decided.body.code).toBe(1);
  expect(decided.body.msg).toBe(
    'Approved and sent. The gateway has not answered yet: the refund is pending there, and is recorded as soon as the gateway says what it did.',
  );
  expect((decided.body.data as Approval).status).toBe('approved');
  expect(gatewayRefundedFen(due.payment_no)).toBe(toFen(due.total));
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({
    status: 'refunding',
    refund_no: `R${due.payment_no}`,
    resolved_by: checker.username,
    refunded: null,
    approval_id: null,
  });

  // Locked: the money cannot be credited to the borrower's next instalment, closed, or refunded again.
  const before = (await installments(borrower.http, { order_no })).list.map((item) => item.status);
  expect(await everyWayOut(maker, id)).toEqual({ apply: PENDING, close: PENDING, refund: PENDING });
  expect((await installments(borrower.http, { order_no })).list.map((item) => item.status)).toEqual(before);

  // A query Alipay cannot answer says nothing: the refund stays pending, however long it has waited.
  loopback.alipay.refundQueriesFail = true;
  loopback.server.clock.advance(REFUND_UNKNOWN_FOR_MS);
  const queries = loopback.alipay.refundQueries;
  expect(await loopback.server.app.services.reconciliation.settlePending()).toBe(0);
  expect(loopback.alipay.refundQueries).toBeGreaterThan(queries);
  expect((await differenceOf(maker, due.payment_no)).status).toBe('refunding');

  loopback.alipay.refundQueriesFail = false;
  expect(await loopback.server.app.services.reconciliation.settlePending()).toBeGreaterThanOrEqual(1);
  const settled = await differenceOf(maker, due.payment_no);
  expect(settled).toMatchObject({ status: 'refunded', refunded: due.total, refund_no: `R${due.payment_no}` });
  // Once: a second round finds nothing pending and changes nothing.
  await loopback.server.app.services.reconciliation.settlePending();
  expect(await differenceOf(maker, due.payment_no)).toEqual(settled);

  const books = booked(settled);
  expect(books.refundedFen).toBe(gatewayRefundedFen(due.payment_no));
  expect(books.refundedFen + books.creditedFen).toBeLessThanOrEqual(books.receivedFen);
  expect(loopback.alipay.refunds.filter((made) => made.outTradeNo === due.payment_no)).toHaveLength(1);
  const audit = await loopback.server.app.services.audit.list({ target: `difference:${id}`, limit: 10, offset: 0 });
  expect(audit.map((entry) => [entry.action, entry.outcome])).toContainEqual(['difference.refund.settle', 'done']);
});

test('a refund lost before it reached Alipay stays pending while it could still arrive, then opens again and is refunded once under the same number', async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const { due } = await paidTwice();
  const { id } = await differenceOf(maker, due.payment_no);
  loopback.alipay.loseRefunds = true;
  loopback.alipay.refundDelayMs = TIMEOUT_MS * 2;
  const first = await askDifferenceRefund(consoleOf(maker), id);
  expect((await approve(checker, first.approval_id)).body.code).toBe(1);
  expect((await differenceOf(maker, due.payment_no)).status).toBe('refunding');
  expect(gatewayRefundedFen(due.payment_no)).toBe(0);

  // Alipay knows no such refund yet, but one sent moments ago may still reach it.
  await loopback.server.app.services.reconciliation.settlePending();
  expect((await differenceOf(maker, due.payment_no)).status).toBe('refunding');
  expect(await everyWayOut(maker, id)).toEqual({ apply: PENDING, close: PENDING, refund: PENDING });

  loopback.server.clock.advance(REFUND_UNKNOWN_FOR_MS);
  await loopback.server.app.services.reconciliation.settlePending();
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({
    status: 'open',
    unsettled: due.total,
    refunded: null,
    resolved_at: null,
    approval_id: null,
  });

  // Finance decides again: a new refund, approved by a second operator, under the same number.
  loopback.alipay.loseRefunds = false;
  loopback.alipay.refundDelayMs = 0;
  const second = await askDifferenceRefund(consoleOf(maker), id);
  expect((await approve(checker, second.approval_id)).body.msg).toBe('ok');
  expect(loopback.alipay.refunds.filter((made) => made.outTradeNo === due.payment_no)).toEqual([
    expect.objectContaining({ outRequestNo: `R${due.payment_no}`, refundAmount: due.total }),
  ]);
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({ status: 'refunded', refunded: due.total });
});

test('while a refund waits for a second operator, the difference can be neither applied nor closed; declined, it can', async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const { due } = await paidTwice();
  const { id } = await differenceOf(maker, due.payment_no);
  const asked = await askDifferenceRefund(consoleOf(maker), id);
  const awaiting = `A refund of this difference waits for a second operator (approval #${asked.approval_id}); decline it first.`;
  const { apply, close } = await everyWayOut(maker, id);
  expect({ apply, close }).toEqual({ apply: awaiting, close: awaiting });
  expect(await differenceOf(maker, due.payment_no)).toMatchObject({ status: 'open', settled: '0.00', approval_id: asked.approval_id });

  const declined = await checker.call('POST', adminPath(ADMIN_ENDPOINTS.declineApproval, { id: asked.approval_id }), {
    reason: 'Credit it instead',
  });
  expect(declined.body.code).toBe(1);
  const applying = await askDifferenceApply(consoleOf(maker), id);
  expect((await approve(checker, applying.approval_id)).body.code).toBe(1);
  expect((await differenceOf(maker, due.payment_no)).status).toBe('credited');
  expect(gatewayRefundedFen(due.payment_no)).toBe(0);
});

test('a refund claims a difference only at the settled amount it read: one credited in between is not claimed', async () => {
  const finance = await loggedIn(['finance']);
  const { due } = await paidTwice();
  const { id } = await differenceOf(finance, due.payment_no);
  const { store } = loopback.server.app;
  const read = (await new DifferenceRecords(store).byId(id))!;
  // A credit holds the loan's lock, not the refund's: on PostgreSQL it may commit after the refund
  // read the difference, and a claim on its status alone would refund money already credited.
  expect(await store.write([], (tx) => new DifferenceRecords(tx).applied(id, read.settled_fen, read.settled_fen + 1, null))).toBe(true);
  const claim = {
    status: 'refunding' as const,
    resolved_at: loopback.server.clock.now,
    resolved_by: finance.username,
    refund_no: `${due.payment_no}R`,
  };
  expect(await store.write([], (tx) => new DifferenceRecords(tx).claimedForRefund(id, read.settled_fen, claim))).toBe(false);
  expect((await differenceOf(finance, due.payment_no)).status).toBe('open');
});
