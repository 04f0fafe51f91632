import {
  ADMIN_ENDPOINTS,
  adminPath,
  cashier,
  closeAccount,
  createLoan,
  DEV_ENDPOINTS,
  GATEWAY_ENDPOINTS,
  installments,
  sendSms,
  uploadFile,
  uploadProof,
  type ApprovalAsked,
  type PaymentDifference,
  type ConsoleBorrower,
  type ConsoleLoanView,
} from '@instalment/contract/api';
import { ClosedAccountRecords } from '../../src/repositories/closed-accounts';
import { pseudonymOf } from '../../src/services/account-closing';
import { throughFake, withFakes } from '../fakes';
import { blob, latestCode, PNG_BYTES, signUp, startServer } from '../helpers';
import { operatorsOf, type LoggedInOperator } from '../operators';

const CLOSED = 'This borrower closed their account: its loans and credit line can no longer be changed.';

const loopback = withFakes(['alipay'], ({ alipay }) => startServer({ approvalMode: 'manual', ...throughFake(alipay) }));
const { loggedIn } = operatorsOf(() => loopback.server);

let receipts = 0;
/** A receipt of its own (one receipt backs one proof), uploaded by the borrower. */
async function receipt(http: Awaited<ReturnType<typeof signUp>>['http']): Promise<string> {
  receipts += 1;
  return (await uploadFile(http, blob(Buffer.concat([PNG_BYTES, Buffer.from(`closed ${receipts}`)]), 'image/png'), 'receipt.png')).fullurl;
}

/**
 * A borrower with something of every kind an operator could still change: an application
 * pending, one approved and waiting for its money, a loan repaying with a transfer proof pending,
 * and one whose Alipay payment arrived after a proof had settled the instalment (a difference).
 */
async function borrowerWithWork(reviewer: LoggedInOperator, finance: LoggedInOperator) {
  const borrower = await signUp(loopback.server);
  const apply = (amount: string) => createLoan(borrower.http, { ...borrower.application, amount });
  const disbursed = async (amount: string) => {
    const { order_no } = await apply(amount);
    await loopback.server.client().http.post(DEV_ENDPOINTS.reviewLoan, { order_no, decision: 'approve' });
    return order_no;
  };
  const pending = (await apply('1000.00')).order_no;
  const approved = (await apply('1000.00')).order_no;
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no: approved }));

  const proved = await disbursed('3000.00');
  const [first] = (await installments(borrower.http, { order_no: proved })).list;
  const proof = await uploadProof(borrower.http, {
    order_no: proved,
    periods: [1],
    amount: first.total,
    file_url: await receipt(borrower.http),
    remark: '',
  });

  const paidTwice = await disbursed('3000.00');
  const due = await cashier(borrower.http, { order_no: paidTwice, periods: '1', channel: 'alipay', return_url: 'http://localhost:3000/' });
  expect((await fetch(due.pay_url!)).status).toBe(200);
  const settled = await uploadProof(borrower.http, {
    order_no: paidTwice,
    periods: [1],
    amount: due.total,
    file_url: await receipt(borrower.http),
    remark: '',
  });
  await loopback.server.client().http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: settled.id, decision: 'approve' });
  loopback.alipay.holdNotifies = true;
  await loopback.alipay.pay(due.payment_no);
  expect(
    await loopback.alipay.postNotify(
      `${loopback.server.baseURL}${GATEWAY_ENDPOINTS.alipayNotify}`,
      loopback.alipay.notifyFields(due.payment_no),
    ),
  ).toBe('success');
  const differences = await finance.data<{ list: PaymentDifference[] }>('GET', `${ADMIN_ENDPOINTS.differences}?status=open&limit=50`);
  const difference = differences.list.find((row) => row.payment_no === due.payment_no)!;

  const { user } = await reviewer.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);
  return { borrower, userId: user.id, pending, approved, proved, proofId: proof.id, differenceId: difference.id };
}

/** The account closed behind the console, its loans left as they were (the app closes only an account with none open). */
const closedBehind = (userId: number) =>
  new ClosedAccountRecords(loopback.server.app.store).close(userId, pseudonymOf(userId), loopback.server.clock.now);

const refusedWith = async (operator: LoggedInOperator, path: string, body?: unknown) => (await operator.call('POST', path, body)).body.msg;

test('every console change of a closed account’s loans or credit line is refused, saying why; the loan page and the borrower view read closed', async () => {
  const [reviewer, finance, support] = await Promise.all([loggedIn(['reviewer']), loggedIn(['finance']), loggedIn(['support'])]);
  const work = await borrowerWithWork(reviewer, finance);
  await closedBehind(work.userId);

  const loan = (order_no: string) => ({ order_no });
  expect(await refusedWith(reviewer, adminPath(ADMIN_ENDPOINTS.approveLoan, loan(work.pending)))).toBe(CLOSED);
  expect(
    await refusedWith(reviewer, adminPath(ADMIN_ENDPOINTS.rejectLoan, loan(work.pending)), { reason_code: 'other', reason: 'x' }),
  ).toBe(CLOSED);
  expect(await refusedWith(finance, adminPath(ADMIN_ENDPOINTS.disburseLoan, loan(work.approved)), { bank_ref: 'B-1' })).toBe(CLOSED);
  expect(await refusedWith(finance, adminPath(ADMIN_ENDPOINTS.confirmProof, { id: work.proofId }), { bank_ref: 'B-2' })).toBe(CLOSED);
  expect(await refusedWith(finance, adminPath(ADMIN_ENDPOINTS.rejectProof, { id: work.proofId }), { reason: 'blurred' })).toBe(CLOSED);
  expect(await refusedWith(finance, adminPath(ADMIN_ENDPOINTS.applyDifference, { id: work.differenceId }), {})).toBe(CLOSED);
  expect(await refusedWith(reviewer, adminPath(ADMIN_ENDPOINTS.userCredit, { id: work.userId }), { limit: '20000.00' })).toBe(CLOSED);

  // Nothing moved, and money a payment brought can still be given back.
  const statuses = async (order_no: string) =>
    (await reviewer.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no }))).status;
  expect([await statuses(work.pending), await statuses(work.approved)]).toEqual(['pending', 'approved']);
  const refund = await finance.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.refundDifference, { id: work.differenceId }));
  expect(refund.status).toBe('awaiting');

  const view = await reviewer.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no: work.proved }));
  expect(view.account_closed_at).toBe(new Date(loopback.server.clock.now).toISOString());
  const borrower = await support.data<ConsoleBorrower>('GET', adminPath(ADMIN_ENDPOINTS.user, { id: work.userId }));
  expect(borrower.user.closed_at).toBe(new Date(loopback.server.clock.now).toISOString());
});

test('what was asked before the account closed is refused when approved after, and can still be declined', async () => {
  const [reviewer, finance, checkers] = await Promise.all([
    loggedIn(['reviewer']),
    loggedIn(['finance']),
    Promise.all([loggedIn(['reviewer']), loggedIn(['finance'])]),
  ]);
  const [reviewChecker, financeChecker] = checkers;
  const work = await borrowerWithWork(reviewer, finance);
  const asked = async (operator: LoggedInOperator, path: string, body: unknown) =>
    (await operator.data<ApprovalAsked>('POST', path, body)).approval_id;
  const disbursement = await asked(finance, adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no: work.approved }), { bank_ref: 'B-3' });
  const confirmation = await asked(finance, adminPath(ADMIN_ENDPOINTS.confirmProof, { id: work.proofId }), { bank_ref: 'B-4' });
  const application = await asked(finance, adminPath(ADMIN_ENDPOINTS.applyDifference, { id: work.differenceId }), {});
  const credit = await asked(reviewer, adminPath(ADMIN_ENDPOINTS.userCredit, { id: work.userId }), { limit: '20000.00' });
  await closedBehind(work.userId);

  const approve = (checker: LoggedInOperator, id: number) => refusedWith(checker, adminPath(ADMIN_ENDPOINTS.approveApproval, { id }));
  expect(await approve(financeChecker, disbursement)).toBe(CLOSED);
  expect(await approve(financeChecker, confirmation)).toBe(CLOSED);
  expect(await approve(financeChecker, application)).toBe(CLOSED);
  expect(await approve(reviewChecker, credit)).toBe(CLOSED);

  const declined = await financeChecker.call('POST', adminPath(ADMIN_ENDPOINTS.declineApproval, { id: disbursement }), {
    reason: 'account closed',
  });
  expect(declined.body.data).toMatchObject({ status: 'declined', reason: 'account closed' });
  const loan = await reviewer.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no: work.approved }));
  expect([loan.status, loan.disbursed_at]).toEqual(['approved', null]);
});

test('a credit line asked for before the borrower closed their account in the app is refused when approved after', async () => {
  const [maker, checker, support] = await Promise.all([loggedIn(['reviewer']), loggedIn(['reviewer']), loggedIn(['support'])]);
  const borrower = await signUp(loopback.server);
  const { user } = await support.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);
  const { approval_id } = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.userCredit, { id: user.id }), {
    limit: '30000.00',
  });

  loopback.server.clock.advance(61_000);
  await sendSms(borrower.http, { mobile: borrower.mobile, event: 'closeaccount' });
  await closeAccount(borrower.http, { captcha: await latestCode(borrower, borrower.mobile, 'closeaccount') });

  expect(await refusedWith(checker, adminPath(ADMIN_ENDPOINTS.approveApproval, { id: approval_id }))).toBe(CLOSED);
  const row = await loopback.server.app.store.q
    .selectFrom('users')
    .select('credit_limit_fen')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(row.credit_limit_fen).toBeNull();
  expect((await support.data<ConsoleBorrower>('GET', adminPath(ADMIN_ENDPOINTS.user, { id: user.id }))).user.closed_at).not.toBeNull();
});
