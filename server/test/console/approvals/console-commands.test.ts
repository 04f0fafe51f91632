import {
  ADMIN_ENDPOINTS,
  adminPath,
  cashier,
  createLoan,
  credit as creditLine,
  installments,
  loanRates,
  orderDetail,
  uploadFile,
  uploadProof,
  type Approval,
  type ApprovalAsked,
  type Listing,
  type OverdueLoan,
  type Queues,
  type ConsoleLoan,
  type ConsoleLoanView,
  type ConsoleProof,
} from '@instalment/contract/api';
import { addMonths, calendarDate } from '@instalment/contract/loan';
import { blob, DAY_MS, PNG_BYTES, refusal, signUp, startServer, type TestServer } from '../../helpers';
import { operatorsOf, type LoggedInOperator } from '../../operators';

let server: TestServer;
beforeAll(async () => {
  // A lender whose staff decide every application; sessions outlive the weeks the clock moves.
  server = await startServer({ approvalMode: 'manual', tokenTtlSeconds: 90 * 24 * 3600 });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

const auditActions = async (target: string) =>
  (await server.app.services.audit.list({ target, limit: 50, offset: 0 }))
    .reverse()
    .map((entry) => [entry.action, entry.username, entry.outcome]);

async function applied() {
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  return { borrower, order_no };
}

/** A second operator carries out an asked-for change. */
const approve = (checker: LoggedInOperator, id: number) =>
  checker.data<Approval>('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id }));

describe('a loan: pending → approved → disbursed (four eyes) or rejected', () => {
  test('the schedule starts on the day the money is sent, and only a second finance operator sends it', async () => {
    const reviewer = await loggedIn(['reviewer']);
    const early = await loggedIn(['finance']);
    const { borrower, order_no } = await applied();
    const queue = await reviewer.data<Listing<ConsoleLoan>>('GET', `${ADMIN_ENDPOINTS.loans}?status=pending&limit=50`);
    expect(queue.list.find((loan) => loan.order_no === order_no)).toMatchObject({
      status: 'pending',
      mobile: borrower.mobile,
      amount: '12000.00',
    });
    expect(queue.total).toBeGreaterThanOrEqual(1);

    // The money cannot go before a reviewer said yes.
    expect((await early.call('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'ICBC-1' })).body.msg).toBe(
      'This loan is pending review; that cannot be done to it now.',
    );
    expect(await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }))).toEqual({ order_no, status: 'approved' });
    expect((await orderDetail(borrower.http, { order_no })).status).toBe('approved');
    expect((await refusal(cashier(borrower.http, { order_no, periods: '1' }))).message).toBe(
      'This loan is approved and the money is on its way; there is nothing to pay until it arrives.',
    );
    // Approved credit stays held while the money is on its way.
    expect((await creditLine(borrower.http)).used).toBe('12000.00');

    // Finance sends it three days later (a staff session lasts a working day: they log in again).
    server.clock.advance(3 * DAY_MS);
    const [maker, checker, auditor, lateReviewer] = await Promise.all([
      loggedIn(['finance']),
      loggedIn(['finance']),
      loggedIn(['auditor']),
      loggedIn(['reviewer']),
    ]);
    const sentOn = calendarDate(server.clock.now);
    const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), {
      bank_ref: 'ICBC-20260118-1',
    });
    expect(asked.status).toBe('awaiting');
    expect((await orderDetail(borrower.http, { order_no })).status).toBe('approved');
    expect((await maker.call('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'again' })).body.msg).toBe(
      'A change of this is already waiting for a second operator.',
    );
    expect((await maker.call('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }))).body.msg).toBe(
      'A second operator must approve what you asked for.',
    );
    // A reviewer may not send money, even as a checker.
    expect((await lateReviewer.call('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }))).status).toBe(403);

    expect(await approve(checker, asked.approval_id)).toMatchObject({
      status: 'approved',
      maker: maker.username,
      checker: checker.username,
    });
    const detail = await orderDetail(borrower.http, { order_no });
    expect(detail).toMatchObject({ status: 'repaying', disbursed_at: new Date(server.clock.now).toISOString() });
    expect((await installments(borrower.http, { order_no })).list[0].due_date).toBe(addMonths(sentOn, 1));

    const view = await auditor.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no }));
    expect(view).toMatchObject({ status: 'repaying', disbursement_ref: 'ICBC-20260118-1', instalments: expect.any(Array) });
    expect(await auditActions(`loan:${order_no}`)).toEqual([
      ['loan.disburse.ask', early.username, 'refused'],
      ['loan.approve', reviewer.username, 'done'],
      ['loan.disburse.ask', maker.username, 'done'],
      ['loan.disburse.ask', maker.username, 'refused'],
      ['approval.approve', maker.username, 'refused'],
      ['approval.approve', lateReviewer.username, 'refused'],
      ['approval.approve', checker.username, 'done'],
      ['loans.view', auditor.username, 'done'],
    ]);
  });

  test('a rejection carries the reason the borrower reads, and frees the credit', async () => {
    const reviewer = await loggedIn(['reviewer']);
    const { borrower, order_no } = await applied();
    expect(
      (await reviewer.call('POST', adminPath(ADMIN_ENDPOINTS.rejectLoan, { order_no }), { reason_code: 'other', reason: ' ' })).body.msg,
    ).toBe('Give the reason; the borrower reads it.');
    await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.rejectLoan, { order_no }), {
      reason_code: 'other',
      reason: 'Income could not be verified.',
    });
    expect(await orderDetail(borrower.http, { order_no })).toMatchObject({
      status: 'rejected',
      reject_reason: 'Another reason: Income could not be verified.',
    });
    expect((await creditLine(borrower.http)).used).toBe('0.00');
    expect((await reviewer.call('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }))).body.msg).toBe(
      'This loan is rejected; that cannot be done to it now.',
    );
  });
});

describe('a transfer proof is confirmed by two finance operators, once', () => {
  test('two checkers at the same moment: one confirmation, the instalment settled once', async () => {
    const [reviewer, maker, disburser, ...checkers] = await Promise.all([
      loggedIn(['reviewer']),
      loggedIn(['finance']),
      loggedIn(['finance']),
      loggedIn(['finance']),
      loggedIn(['admin']),
    ]);
    const { borrower, order_no } = await applied();
    await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
    const disbursal = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'B-1' });
    await approve(disburser, disbursal.approval_id);

    const due = (await installments(borrower.http, { order_no })).list[0];
    const file = await uploadFile(borrower.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
    const proof = await uploadProof(borrower.http, { order_no, periods: [1], amount: due.total, file_url: file.url });

    const queue = await maker.data<Listing<ConsoleProof>>('GET', `${ADMIN_ENDPOINTS.vouchers}?status=pending&limit=50`);
    expect(queue.list.find((voucher) => voucher.id === proof.id)).toMatchObject({ order_no, amount: due.total, approval_id: null });
    const image = await fetch(`${server.baseURL}${adminPath(ADMIN_ENDPOINTS.proofFile, { id: proof.id })}`, {
      headers: { authorization: `Bearer ${maker.token}` },
    });
    expect([image.status, image.headers.get('content-type'), image.headers.get('cache-control')]).toEqual([200, 'image/png', 'no-store']);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG_BYTES);
    const borrowerTry = await fetch(`${server.baseURL}${adminPath(ADMIN_ENDPOINTS.proofFile, { id: proof.id })}`, {
      headers: { authorization: `Bearer ${borrower.token}` },
    });
    expect(borrowerTry.status).toBe(401);

    const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.confirmProof, { id: proof.id }), {
      bank_ref: 'ICBC-99',
    });
    const awaiting = await checkers[0].data<Listing<Approval>>('GET', `${ADMIN_ENDPOINTS.approvals}?status=awaiting&limit=50`);
    expect(awaiting.list.find((approval) => approval.id === asked.approval_id)).toMatchObject({
      kind: 'voucher.confirm',
      target: `voucher:${proof.id}`,
      payload: { bank_ref: 'ICBC-99' },
      maker: maker.username,
    });

    const answers = await Promise.all(
      checkers.map((checker) => checker.call('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }))),
    );
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([0, 1]);
    expect(answers.find((answer) => answer.body.code === 0)!.body.msg).toBe('This approval was decided already.');

    const plan = await installments(borrower.http, { order_no });
    expect(plan.list[0]).toMatchObject({ status: 'paid' });
    const view = await maker.data<ConsoleLoanView>('GET', adminPath(ADMIN_ENDPOINTS.loan, { order_no }));
    expect(view.vouchers[0]).toMatchObject({ id: proof.id, status: 'approved', bank_ref: 'ICBC-99' });
    const settledBy = await server.app.store.q
      .selectFrom('instalments')
      .select(['period', 'paid_by'])
      .where('paid_by', '=', `voucher:${proof.id}`)
      .execute();
    expect(settledBy).toEqual([{ period: 1, paid_by: `voucher:${proof.id}` }]);
  });
});

test('the overdue report shows the days and penalty the borrower sees; the queues count', async () => {
  const [reviewer, maker, checker] = await Promise.all([loggedIn(['reviewer']), loggedIn(['finance']), loggedIn(['admin'])]);
  const { borrower, order_no } = await applied();
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  await approve(
    checker,
    (await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'R' })).approval_id,
  );
  const start = server.clock.now;
  try {
    server.clock.advance(45 * DAY_MS);
    const seen = (await installments(borrower.http, { order_no })).list.find((item) => item.status === 'overdue')!;
    const collector = await loggedIn(['support']);
    const report = await collector.data<OverdueLoan[]>('GET', ADMIN_ENDPOINTS.overdue);
    expect(report.find((row) => row.order_no === order_no)).toEqual({
      order_no,
      mobile: borrower.mobile,
      real_name: borrower.application.real_name,
      overdue_periods: [1],
      overdue_days: seen.overdue_days,
      overdue_amount: seen.total,
      penalty: seen.penalty,
    });
    expect((await collector.data<Queues>('GET', ADMIN_ENDPOINTS.queues)).loans_overdue).toBeGreaterThanOrEqual(1);
  } finally {
    server.clock.now = start;
  }
});

test('a price over the legal ceiling is refused; a new price takes effect once a second operator approves it', async () => {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['admin'])]);
  // The offer as stored: without its APRs and the lender's calendar, which the app reads beside it.
  const { terms: _terms, business_timezone: _zone, ...rest } = await loanRates(server.client().http);
  const stored = { ...rest, terms: _terms.map(({ apr_bp: _apr, ...term }) => term) };
  const greedy = { ...stored, terms: [{ term: 3, monthly_rate_bp: 300, monthly_fee_bp: 100 }] };
  expect((await maker.call('POST', adminPath(ADMIN_ENDPOINTS.setting, { key: 'loan_rates' }), { value: greedy })).body.msg).toMatch(
    /^The 3-month price comes to an annual rate of .*, over the 36% ceiling\.$/,
  );
  expect(
    (await maker.call('POST', adminPath(ADMIN_ENDPOINTS.setting, { key: 'loan_rates' }), { value: { terms: 'cheap' } })).body.msg,
  ).toBe('This value does not have the shape of loan_rates.');
  // The rates in force, sent back unchanged, ask a second operator for nothing.
  expect((await maker.call('POST', adminPath(ADMIN_ENDPOINTS.setting, { key: 'loan_rates' }), { value: stored })).body.msg).toBe(
    'This is the value in force already: there is nothing to approve.',
  );
  const cheaper = { ...stored, terms: stored.terms.map((term) => ({ ...term, monthly_rate_bp: term.monthly_rate_bp - 5 })) };
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.setting, { key: 'loan_rates' }), { value: cheaper });
  expect((await loanRates(server.client().http)).terms[0].monthly_rate_bp).toBe(stored.terms[0].monthly_rate_bp);
  await approve(checker, asked.approval_id);
  expect((await loanRates(server.client().http)).terms[0].monthly_rate_bp).toBe(stored.terms[0].monthly_rate_bp - 5);
});
