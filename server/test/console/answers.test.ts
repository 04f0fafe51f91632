import {
  ADMIN_ENDPOINTS,
  adminPath,
  cashier,
  createLoan,
  installments,
  uploadFile,
  uploadProof,
  type Approval,
  type ApprovalAsked,
} from '@instalment/contract/api';
import { LIST_ORDERS } from '../../src/routes/admin/lists';
import { blob, PNG_BYTES, signUp, startServer, type TestServer } from '../helpers';
import { operatorsOf } from '../operators';

/**
 * Every console answer is written by its response schema, which drops any field it does not
 * name: each one must reach the console as its service returned it, field for field.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ approvalMode: 'manual' });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

/** What the service returned, as JSON carries it. */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

test("each console answer carries every field of its service's", async () => {
  const { services } = server.app;
  const [admin, checker] = await Promise.all([loggedIn(['admin']), loggedIn(['admin'])]);
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  await admin.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  const disbursal = await admin.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'B-7' });
  await checker.data<Approval>('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: disbursal.approval_id }));
  await cashier(borrower.http, { order_no, periods: '1' });
  const due = (await installments(borrower.http, { order_no })).list[0];
  const file = await uploadFile(borrower.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
  const proof = await uploadProof(borrower.http, { order_no, periods: [1], amount: due.total, file_url: file.url, remark: 'May' });
  await admin.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.confirmProof, { id: proof.id }), { bank_ref: 'ICBC-1' });

  // Each read from its service first: the console's own read is audited after it answers.
  const page = { limit: 50, offset: 0 };
  const reads: Array<[string, () => Promise<unknown>]> = [
    [ADMIN_ENDPOINTS.queues, () => services.consoleReads.queues()],
    [`${ADMIN_ENDPOINTS.loans}?limit=50`, () => services.consoleReads.loanList({ status: null }, { ...page, ...LIST_ORDERS.loans })],
    [adminPath(ADMIN_ENDPOINTS.loan, { order_no }), () => services.consoleReads.loanView(order_no)],
    [`${ADMIN_ENDPOINTS.vouchers}?limit=50`, () => services.consoleReads.proofList(null, { ...page, ...LIST_ORDERS.vouchers })],
    [`${ADMIN_ENDPOINTS.payments}?limit=50`, () => services.consoleReads.payments(null, { ...page, ...LIST_ORDERS.payments })],
    [`${ADMIN_ENDPOINTS.approvals}?limit=50`, () => services.approvals.list(null, 50, 0)],
    [`${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`, () => services.consoleReads.borrower(borrower.mobile)],
    [`${ADMIN_ENDPOINTS.newsList}?limit=50`, () => services.news.consoleList(50, 0, 'en')],
    [`${ADMIN_ENDPOINTS.audit}?limit=50`, () => services.audit.page({}, { ...page, ...LIST_ORDERS.audit })],
    [
      ADMIN_ENDPOINTS.settings,
      async () => ({
        loan_rates: await services.catalogue.rates(),
        payment_channels: await services.catalogue.channels(),
        bank_info: await services.catalogue.bankInfo(),
      }),
    ],
  ];
  for (const [path, read] of reads) {
    const expected = asSent(await read());
    expect({ path, data: await admin.data('GET', path) }).toEqual({ path, data: expected });
  }
});

test('a decision without a body is one without a reason; a decline keeps its reason, trimmed', async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['admin'])]);
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  const ask = () => maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'R-1' });

  const declined = await checker.data<Approval>('POST', adminPath(ADMIN_ENDPOINTS.declineApproval, { id: (await ask()).approval_id }), {
    reason: '  Wrong account.  ',
  });
  expect(declined).toMatchObject({ status: 'declined', reason: 'Wrong account.', checker: checker.username });

  const approved = await checker.data<Approval>('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: (await ask()).approval_id }));
  expect(approved).toMatchObject({ status: 'approved', reason: null, decided_at: expect.any(String) });
});
