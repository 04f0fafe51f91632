import {
  ADMIN_ENDPOINTS,
  adminPath,
  createLoan,
  type ApprovalAsked,
  type AuditEntry,
  type Listing,
  type LoanPayee,
  type ConsoleLoan,
  type ConsoleLoanView,
} from '@instalment/contract/api';
import { APPLICATION, signUp, startServer, type TestServer } from '../helpers';
import { operatorsOf } from '../operators';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ approvalMode: 'manual' });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

/** A borrower's application, approved by a reviewer: waiting for finance to send the money. */
async function approvedLoan() {
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const reviewer = await loggedIn(['reviewer']);
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  return order_no;
}

test('finance and admins read where the money goes whole; support, reviewers and auditors keep the masked card; each read is in the audit', async () => {
  const order_no = await approvedLoan();
  const [finance, admin, support, reviewer, auditor] = await Promise.all([
    loggedIn(['finance']),
    loggedIn(['admin']),
    loggedIn(['support']),
    loggedIn(['reviewer']),
    loggedIn(['auditor']),
  ]);
  const path = adminPath(ADMIN_ENDPOINTS.loanPayee, { order_no });
  const whole = { order_no, real_name: APPLICATION.real_name, bank_name: APPLICATION.bank_name, bank_card: APPLICATION.bank_card };
  expect(await finance.data<LoanPayee>('GET', path)).toEqual(whole);
  expect(await admin.data<LoanPayee>('GET', path)).toEqual(whole);
  for (const other of [support, reviewer, auditor]) {
    expect((await other.call('GET', path)).status).toBe(403);
    const view = await other.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no }));
    expect(view.bank_card).toBe('**** **** **** 3445');
    expect(JSON.stringify(view)).not.toContain(APPLICATION.bank_card);
  }

  const read = await auditor.data<Listing<AuditEntry>>('GET', `${ADMIN_ENDPOINTS.audit}?action=loan.payee&target=${order_no}&reads=each`);
  expect(read.list.map(({ username, target, outcome }) => ({ username, target, outcome })).reverse()).toEqual([
    { username: finance.username, target: `loan:${order_no}`, outcome: 'done' },
    { username: admin.username, target: `loan:${order_no}`, outcome: 'done' },
    { username: support.username, target: `loan:${order_no}`, outcome: 'refused' },
    { username: reviewer.username, target: `loan:${order_no}`, outcome: 'refused' },
    { username: auditor.username, target: `loan:${order_no}`, outcome: 'refused' },
  ]);
});

test('a disbursement asked for reads "waiting" on the loan and in the list; declined, the loan says by whom and why', async () => {
  const order_no = await approvedLoan();
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const view = () => maker.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no }));
  const listed = async () =>
    (await maker.data<Listing<ConsoleLoan>>('GET', `${ADMIN_ENDPOINTS.loans}?q=${order_no}`)).list.find(
      (row) => row.order_no === order_no,
    )!;
  expect((await view()).disbursement_ask).toBeNull();

  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'ICBC-77' });
  expect((await listed()).approval_id).toBe(asked.approval_id);
  expect(await view()).toMatchObject({
    status: 'approved',
    approval_id: asked.approval_id,
    disbursement_ask: { id: asked.approval_id, status: 'awaiting', maker: maker.username, checker: null, reason: null },
  });

  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.declineApproval, { id: asked.approval_id }), { reason: 'the payee name differs' });
  expect((await listed()).approval_id).toBeNull();
  expect(await view()).toMatchObject({
    status: 'approved',
    approval_id: null,
    disbursement_ask: {
      id: asked.approval_id,
      status: 'declined',
      maker: maker.username,
      checker: checker.username,
      reason: 'the payee name differs',
    },
  });

  const again = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'ICBC-78' });
  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: again.approval_id }));
  const sent = await view();
  expect(sent).toMatchObject({ disbursement_ref: 'ICBC-78', disbursement_ask: { id: again.approval_id, status: 'approved' } });
  expect(sent.disbursed_at).not.toBeNull();
});
