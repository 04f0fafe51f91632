import {
  ADMIN_ENDPOINTS,
  adminPath,
  createLoan,
  type Approval,
  type ApprovalAsked,
  type Listing,
  type ConsoleBorrower,
  type ConsoleLoanView,
} from '@instalment/contract/api';
import { signUp, startServer, type TestServer } from '../../helpers';
import { operatorsOf } from '../../operators';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ approvalMode: 'manual' });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

test('the maker finds their decided requests, newest first, with who decided them and why one was declined', async () => {
  const [support, maker, checker] = await Promise.all([loggedIn(['support']), loggedIn(['reviewer']), loggedIn(['admin'])]);
  const askCredit = async (limit: string) => {
    const borrower = await signUp(server);
    const { user } = await support.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);
    return (await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.userCredit, { id: user.id }), { limit })).approval_id;
  };
  const approved = await askCredit('30000');
  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: approved }));
  const declined = await askCredit('90000');
  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.declineApproval, { id: declined }), { reason: 'no proof of income' });

  const all = await maker.data<Listing<Approval>>('GET', `${ADMIN_ENDPOINTS.approvals}?limit=2`);
  expect(all.list.map(({ id, status, checker: by, reason }) => ({ id, status, by, reason }))).toEqual([
    { id: declined, status: 'declined', by: checker.username, reason: 'no proof of income' },
    { id: approved, status: 'approved', by: checker.username, reason: null },
  ]);
  const declinedOnly = await maker.data<Listing<Approval>>('GET', `${ADMIN_ENDPOINTS.approvals}?status=declined&limit=1`);
  expect(declinedOnly.list[0]).toMatchObject({ id: declined, reason: 'no proof of income' });
});

test("a declined disbursement's reason is in the loan's history", async () => {
  const [reviewer, maker, checker] = await Promise.all([loggedIn(['reviewer']), loggedIn(['finance']), loggedIn(['finance'])]);
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'ICBC-9' });
  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.declineApproval, { id: asked.approval_id }), { reason: ' payee name differs ' });

  const { audit } = await maker.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no }));
  expect(audit.find((entry) => entry.action === 'approval.decline')).toMatchObject({
    username: checker.username,
    outcome: 'done',
    reason: 'payee name differs',
  });
});
