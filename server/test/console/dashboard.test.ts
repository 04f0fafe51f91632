import {
  ADMIN_ENDPOINTS,
  adminPath,
  createLoan,
  installments,
  uploadFile,
  uploadProof,
  type Approval,
  type ApprovalAsked,
  type OverdueLoan,
  type Queues,
} from '@instalment/contract/api';
import { fromFen, toFen } from '@instalment/contract/loan';
import { blob, DAY_MS, PNG_BYTES, signUp, startServer, type TestServer } from '../helpers';
import { operatorsOf } from '../operators';

const HOUR_MS = 3_600_000;

let server: TestServer;
beforeAll(async () => {
  // A lender whose staff decide every application, on a database of this file's own: the sums are exact.
  server = await startServer({ approvalMode: 'manual', tokenTtlSeconds: 24 * 3600 });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

test("the home counts each queue with its sum and its oldest wait, and the business day's disbursed money", async () => {
  const [reviewer, maker, checker] = await Promise.all([loggedIn(['reviewer']), loggedIn(['finance']), loggedIn(['admin'])]);
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const amount = fromFen(toFen(borrower.application.amount)!);
  server.clock.advance(3 * HOUR_MS);

  const waiting = await reviewer.data<Queues>('GET', ADMIN_ENDPOINTS.queues);
  expect(waiting.loans_pending).toBe(1);
  expect(waiting.loads.loans_pending).toEqual({ amount, oldest_hours: 3 });
  expect(waiting.loads.loans_approved).toEqual({ amount: '0.00', oldest_hours: null });
  expect(waiting.today.disbursed).toBe('0.00');

  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'R' });
  server.clock.advance(HOUR_MS);
  const toDisburse = await reviewer.data<Queues>('GET', ADMIN_ENDPOINTS.queues);
  expect([toDisburse.loans_pending, toDisburse.loans_approved, toDisburse.approvals_awaiting]).toEqual([0, 1, 1]);
  expect(toDisburse.loads.loans_approved).toEqual({ amount, oldest_hours: 1 });
  expect(toDisburse.loads.approvals_awaiting).toEqual({ oldest_hours: 1 });

  await checker.data<Approval>('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }));
  const due = (await installments(borrower.http, { order_no })).list[0];
  const file = await uploadFile(borrower.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
  await uploadProof(borrower.http, { order_no, periods: [1], amount: due.total, file_url: file.url });
  server.clock.advance(2 * HOUR_MS);

  const proofs = await reviewer.data<Queues>('GET', ADMIN_ENDPOINTS.queues);
  expect([proofs.loans_approved, proofs.approvals_awaiting, proofs.vouchers_pending]).toEqual([0, 0, 1]);
  expect(proofs.loads.vouchers_pending).toEqual({ amount: due.total, oldest_hours: 2 });
  expect(proofs.loads.loans_overdue).toEqual({ amount: '0.00', oldest_hours: null });
  expect(proofs.loads.differences_open).toEqual({ amount: '0.00', oldest_hours: null });
  expect(proofs.today).toEqual({ date: '2026-01-15', disbursed: amount, repaid: '0.00' });
});

test("the overdue queue is the overdue report's: its amounts due and its most days overdue", async () => {
  const [reviewer, maker, checker] = await Promise.all([loggedIn(['reviewer']), loggedIn(['finance']), loggedIn(['admin'])]);
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'R2' });
  await checker.data<Approval>('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }));
  server.clock.advance(45 * DAY_MS);

  // Sessions last a day: a collector signs in on the day the loan is overdue.
  const collector = await loggedIn(['support']);
  const report = await collector.data<OverdueLoan[]>('GET', ADMIN_ENDPOINTS.overdue);
  const queues = await collector.data<Queues>('GET', ADMIN_ENDPOINTS.queues);
  expect(queues.loans_overdue).toBe(report.length);
  expect(queues.loads.loans_overdue).toEqual({
    amount: fromFen(report.reduce((sum, loan) => sum + toFen(loan.overdue_amount)!, 0)),
    oldest_hours: Math.max(...report.map((loan) => loan.overdue_days)) * 24,
  });
  expect(report.length).toBeGreaterThan(0);
  expect(queues.today.disbursed).toBe('0.00');
});
