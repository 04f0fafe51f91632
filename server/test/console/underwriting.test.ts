import {
  ADMIN_ENDPOINTS,
  AGREEMENT_VERSIONS,
  adminPath,
  createLoan,
  credit as creditLine,
  installments,
  orderDetail,
  uploadFile,
  uploadProof,
  type ApprovalAsked,
  type ConsoleBorrower,
  type ConsoleLoanView,
} from '@instalment/contract/api';
import { blob, clientOf, DAY_MS, PNG_BYTES, signUp, START_MS, startServer, type TestServer } from '../helpers';
import { operatorsOf, type LoggedInOperator } from '../operators';

let server: TestServer;
beforeAll(async () => {
  // Staff decide every application; sessions outlive the weeks the clock moves.
  server = await startServer({ approvalMode: 'manual', tokenTtlSeconds: 90 * 24 * 3600 });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

const approve = (checker: LoggedInOperator, id: number) => checker.data('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id }));

test('a reviewer sees the applicant masked, the APR, the credit line, an earlier loan repaid late and the consents with versions', async () => {
  const [reviewer, maker, checker] = await Promise.all([loggedIn(['reviewer']), loggedIn(['finance']), loggedIn(['admin'])]);
  const borrower = await signUp(server);
  const first = await createLoan(borrower.http, borrower.application);
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no: first.order_no }));
  const disbursal = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no: first.order_no }), {
    bank_ref: 'B-1',
  });
  await approve(checker, disbursal.approval_id);

  // The first instalment is paid two weeks late, by a transfer two finance operators confirm (a
  // staff session lasts a working day: everyone logs in again).
  server.clock.advance(45 * DAY_MS);
  const [lateMaker, lateChecker, underwriter] = await Promise.all([loggedIn(['finance']), loggedIn(['admin']), loggedIn(['reviewer'])]);
  const late = (await installments(borrower.http, { order_no: first.order_no })).list[0];
  expect(late.overdue_days).toBeGreaterThan(0);
  const file = await uploadFile(borrower.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
  const proof = await uploadProof(borrower.http, { order_no: first.order_no, periods: [1], amount: late.total, file_url: file.url });
  const confirm = await lateMaker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.confirmProof, { id: proof.id }), {
    bank_ref: 'T-1',
  });
  await approve(lateChecker, confirm.approval_id);

  const second = await createLoan(borrower.http, { ...borrower.application, amount: '3000.00', term: 6, purpose: 'education' });
  const view = await underwriter.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no: second.order_no }));
  const idCard = borrower.application.id_card;
  expect(view.identity).toEqual({
    real_name: 'Li Lei',
    id_card: `110***********${idCard.slice(-4)}`,
    // Born 1990-03-07, applied 2026-03-01: not yet 36.
    age: 35,
    age_allowed: true,
    matches_account: true,
  });
  expect(JSON.stringify(view)).not.toContain(idCard);
  const seen = await orderDetail(borrower.http, { order_no: second.order_no });
  expect(view).toMatchObject({
    purpose: 'education',
    amount: '3000.00',
    term: 6,
    monthly_rate_bp: seen.monthly_rate_bp,
    monthly_fee_bp: seen.monthly_fee_bp,
    apr_bp: seen.apr_bp,
    bank_name: borrower.application.bank_name,
    bank_card: `**** **** **** ${borrower.application.bank_card.slice(-4)}`,
    credit: await creditLine(borrower.http),
    reject_code: null,
  });
  expect(view.apr_bp).toBeGreaterThan(0);
  expect(view.earlier_loans).toEqual([
    {
      order_no: first.order_no,
      status: 'repaying',
      amount: '12000.00',
      term: 3,
      created_at: new Date(START_MS).toISOString(),
      paid_on_time: 0,
      paid_late: 1,
      worst_overdue_days: late.overdue_days,
    },
  ]);
  expect(view.consents.map(({ document, version, agreed_at }) => [document, version, agreed_at])).toEqual([
    ['terms', AGREEMENT_VERSIONS.terms, new Date(START_MS).toISOString()],
    ['privacy', AGREEMENT_VERSIONS.privacy, new Date(START_MS).toISOString()],
  ]);

  // The first loan's own view has no earlier loan.
  expect(
    (await underwriter.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no: first.order_no }))).earlier_loans,
  ).toEqual([]);
  // The reviewer may open the borrower's whole history.
  const found = await underwriter.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);
  expect(found.loans.map((loan) => loan.order_no).sort()).toEqual([first.order_no, second.order_no].sort());
});

describe('a rejection from the picklist', () => {
  test('the borrower reads the reason in their own language, with the reviewer’s words after it', async () => {
    const reviewer = await loggedIn(['reviewer']);
    const borrower = await signUp(server);
    const { order_no } = await createLoan(borrower.http, borrower.application);
    await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.rejectLoan, { order_no }), {
      reason_code: 'income_insufficient',
      reason: ' Payslips cover two months only. ',
    });

    const chinese = clientOf(server.baseURL, 'zh-CN');
    chinese.token = borrower.token;
    const english = clientOf(server.baseURL, 'en');
    english.token = borrower.token;
    expect((await orderDetail(chinese.http, { order_no })).reject_reason).toBe('收入不足以偿还本笔借款：Payslips cover two months only.');
    expect((await orderDetail(english.http, { order_no })).reject_reason).toBe(
      'Your income is not enough for this loan: Payslips cover two months only.',
    );
    expect(await reviewer.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no }))).toMatchObject({
      status: 'rejected',
      reject_code: 'income_insufficient',
      reject_reason: 'Payslips cover two months only.',
    });
  });

  test('a picked reason needs no words; "other" does; a code off the list or words past the bound are refused', async () => {
    const reviewer = await loggedIn(['reviewer']);
    const borrower = await signUp(server);
    const { order_no } = await createLoan(borrower.http, borrower.application);
    const reject = (body: unknown) => reviewer.call('POST', adminPath(ADMIN_ENDPOINTS.rejectLoan, { order_no }), body);

    expect((await reject({ reason_code: 'other', reason: '  ' })).body.msg).toBe('Give the reason; the borrower reads it.');
    expect((await reject({ reason_code: 'bad_luck' })).body.msg).toBe('reason_code is missing or not in the right form.');
    expect((await reject({ reason_code: 'other', reason: 'x'.repeat(501) })).body.msg).toBe('reason can be at most 500 characters long.');
    expect((await reject({ reason: 'Income could not be verified.' })).body.msg).toBe('reason_code is required.');
    expect((await orderDetail(borrower.http, { order_no })).status).toBe('pending');

    await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.rejectLoan, { order_no }), { reason_code: 'existing_overdue' });
    const chinese = clientOf(server.baseURL, 'zh-CN');
    chinese.token = borrower.token;
    expect((await orderDetail(chinese.http, { order_no })).reject_reason).toBe('您有逾期未还的分期');
  });
});
