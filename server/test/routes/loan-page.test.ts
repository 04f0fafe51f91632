import {
  ADMIN_ENDPOINTS,
  adminPath,
  askDifferenceApply,
  cashier,
  consoleProofs,
  createLoan,
  DEV_ENDPOINTS,
  installments,
  uploadFile,
  uploadProof,
  type ApprovalAsked,
  type HttpClient,
  type ConsoleBorrower,
  type ConsoleLoanView,
} from '@instalment/contract/api';
import { throughFake, withFakes } from '../fakes';
import { blob, PNG_BYTES, signUp, startServer } from '../helpers';
import { operatorsOf } from '../operators';
import { differencesOf } from '../services/reconciliation/differences';

const loopback = withFakes(['alipay'], ({ alipay }) => startServer(throughFake(alipay)));
const { loggedIn } = operatorsOf(() => loopback.server);
const { consoleOf, paidTwice, differenceOf, approve } = differencesOf(
  () => loopback.server,
  () => loopback.alipay,
);

const RETURN_URL = 'http://localhost:3000/';
let receipts = 0;

/** A transfer proof of `periods` at today's price, on a receipt of its own. */
async function proofOf(borrower: { http: HttpClient }, order_no: string, periods: number[]) {
  const { list } = await installments(borrower.http, { order_no });
  const amount = list.filter((item) => periods.includes(item.period)).reduce((sum, item) => sum + Math.round(Number(item.total) * 100), 0);
  receipts += 1;
  const file = await uploadFile(
    borrower.http,
    blob(Buffer.concat([PNG_BYTES, Buffer.from(`page-${receipts}`)]), 'image/png'),
    'receipt.png',
  );
  return uploadProof(borrower.http, { order_no, periods, amount: (amount / 100).toFixed(2), file_url: file.fullurl, remark: '' });
}

/** Pays at Alipay what the cashier asks for. */
async function paidAtCashier(borrower: { http: HttpClient }, query: { order_no: string; periods?: string; payoff?: '1' }) {
  const due = await cashier(borrower.http, { ...query, channel: 'alipay', return_url: RETURN_URL });
  expect((await fetch(due.pay_url!)).status).toBe(200);
  await loopback.alipay.pay(due.payment_no);
  return due;
}

const viewOf = async (order_no: string) => {
  const finance = await loggedIn(['finance']);
  return finance.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no }));
};

test('the loan page says when the money was sent and, for each instalment, when and how it was paid', async () => {
  const borrower = await signUp(loopback.server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const first = await paidAtCashier(borrower, { order_no, periods: '1' });
  const proof = await proofOf(borrower, order_no, [2]);
  await loopback.server.client().http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: proof.id, decision: 'approve' });
  const payoff = await paidAtCashier(borrower, { order_no, payoff: '1' });

  const view = await viewOf(order_no);
  expect(view.disbursed_at).not.toBeNull();
  expect(view.instalments.map(({ period, paid_how }) => ({ period, paid_how }))).toEqual([
    { period: 1, paid_how: { by: 'cashier', channel: 'alipay', payment_no: first.payment_no, voucher_id: null } },
    { period: 2, paid_how: { by: 'proof', channel: null, payment_no: null, voucher_id: proof.id } },
    { period: 3, paid_how: { by: 'payoff', channel: 'alipay', payment_no: payoff.payment_no, voucher_id: null } },
  ]);
  expect(view.instalments.every((instalment) => instalment.paid_at !== null)).toBe(true);
});

test("a difference finance applied reads as the payment's difference on the instalment it paid", async () => {
  const { order_no, due } = await paidTwice();
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  // Applied a minute after the money arrived, as a second operator's approval comes.
  loopback.server.clock.advance(60_000);
  const asked = await askDifferenceApply(consoleOf(maker), (await differenceOf(maker, due.payment_no)).id);
  expect((await approve(checker, asked.approval_id)).body.code).toBe(1);

  const [one, two, three] = (await viewOf(order_no)).instalments;
  expect(one.paid_how).toMatchObject({ by: 'proof' });
  expect(two.paid_how).toEqual({ by: 'difference', channel: 'alipay', payment_no: due.payment_no, voucher_id: null });
  expect(three.paid_how).toBeNull();
});

test("proofs by status, order number or phone, each decided one with who decided it and why; the loan's history holds the decisions", async () => {
  const borrower = await signUp(loopback.server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const other = await signUp(loopback.server);
  const { order_no: otherOrder } = await createLoan(other.http, other.application);
  await proofOf(other, otherOrder, [1]);
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);

  const rejected = await proofOf(borrower, order_no, [1]);
  await maker.data('POST', adminPath(ADMIN_ENDPOINTS.rejectProof, { id: rejected.id }), { reason: 'The receipt shows another payee.' });
  const confirmed = await proofOf(borrower, order_no, [1]);
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.confirmProof, { id: confirmed.id }), {
    bank_ref: 'ICBC-5',
  });
  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }));
  const pending = await proofOf(borrower, order_no, [2]);

  const listed = async (query: { status?: string; q?: string }) =>
    (await consoleProofs(consoleOf(maker), { ...query, limit: 50 })).list.map(({ id, status, decided_by, reject_reason }) => ({
      id,
      status,
      decided_by,
      reject_reason,
    }));
  expect(await listed({ status: 'rejected', q: order_no })).toEqual([
    { id: rejected.id, status: 'rejected', decided_by: maker.username, reject_reason: 'The receipt shows another payee.' },
  ]);
  expect(await listed({ status: 'approved', q: borrower.mobile })).toEqual([
    { id: confirmed.id, status: 'approved', decided_by: checker.username, reject_reason: null },
  ]);
  expect((await listed({ q: borrower.mobile })).map((row) => row.id).sort((a, b) => a - b)).toEqual([
    rejected.id,
    confirmed.id,
    pending.id,
  ]);
  expect(await listed({ status: 'pending', q: order_no })).toEqual([
    { id: pending.id, status: 'pending', decided_by: null, reject_reason: null },
  ]);

  const view = await viewOf(order_no);
  expect(view.vouchers.find((voucher) => voucher.id === rejected.id)).toMatchObject({ decided_by: maker.username });
  const history = view.audit.map(({ action, target, reason }) => ({ action, target, reason }));
  expect(history).toContainEqual({
    action: 'voucher.reject',
    target: `voucher:${rejected.id}`,
    reason: 'The receipt shows another payee.',
  });
  expect(history).toContainEqual({ action: 'approval.approve', target: `voucher:${confirmed.id}`, reason: null });

  // Support reads the same decisions among the borrower's staff actions.
  const support = await loggedIn(['support']);
  const borrowerView = await support.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);
  expect(borrowerView.audit.map(({ action, target, reason }) => ({ action, target, reason }))).toContainEqual({
    action: 'voucher.reject',
    target: `voucher:${rejected.id}`,
    reason: 'The receipt shows another payee.',
  });
});
