import { cashier, createLoan, credit, installments, myLoans, paymentState } from '@instalment/shared/api';
import { toFen } from '@instalment/shared/loan';
import { refusal, signUp, startServer, type TestServer } from '../helpers';
import { payAtGateway } from './gateway';

/** Every rule of the ledger holds when the requests arrive at once, over real connections. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

test('20 simultaneous confirmations of one payment settle it once', async () => {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);
  const due = await cashier(user.http, { order_no, periods: '1' });
  const results = await Promise.all(Array.from({ length: 20 }, () => payAtGateway(server, due.payment_no)));
  expect(results.every((result) => result === 'success')).toBe(true);
  const plan = await installments(user.http, { order_no });
  expect(plan.list.map((item) => item.status)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ status: 'paid', amount: due.total, periods: [1] });
});

test('20 simultaneous ¥50,000 applications leave the principal owed within the credit line', async () => {
  const user = await signUp(server);
  const answers = await Promise.allSettled(
    Array.from({ length: 20 }, () => createLoan(user.http, { ...user.application, amount: '50000', term: 12 })),
  );
  expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
  const refused = answers.find((answer): answer is PromiseRejectedResult => answer.status === 'rejected')!;
  expect(refused.reason.message).toBe('This amount is more than your available credit of ¥0.00.');
  const loans = await myLoans(user.http, { limit: 50 });
  expect(loans.total).toBe(1);
  expect(loans.list.reduce((sum, loan) => sum + toFen(loan.remaining_principal)!, 0)).toBeLessThanOrEqual(5_000_000);
  expect(await credit(user.http)).toEqual({ limit: '50000.00', used: '50000.00', available: '0.00', blocked: null });
  expect((await refusal(createLoan(user.http, { ...user.application, amount: '1000' }))).message).toMatch(/available credit of ¥0\.00/);
});
