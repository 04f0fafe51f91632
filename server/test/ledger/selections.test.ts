import { cashier, createLoan, installments, orderDetail, paymentState } from '@instalment/shared/api';
import { refusal, signUp, START_MS, startServer, type TestServer } from '../helpers';
import { payAtGateway } from './gateway';
import { proof } from './proofs';

/**
 * What the cashier is asked to price: the instalments the borrower chose, judged earliest first
 * however they were written, or the whole loan; and what an overdue instalment costs, to the fen.
 * The loan: ¥12,000 over 3 months from 2026-01-15, ¥4,100.17 an instalment, due on the 15th.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokenTtlSeconds: 365 * 24 * 3600 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.clock.now = START_MS;
});

async function borrower() {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);
  return { user, order_no };
}

test('a payment for periods 2,1,2 is for periods 1 and 2, each once, and settles them once', async () => {
  const { user, order_no } = await borrower();
  const due = await cashier(user.http, { order_no, periods: '2,1,2' });
  expect(due.items.map((item) => item.period)).toEqual([1, 2]);
  expect(due.total).toBe('8200.34');
  expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ periods: [1, 2], amount: '8200.34' });
  expect(await payAtGateway(server, due.payment_no)).toBe('success');
  expect((await installments(user.http, { order_no })).list.map((item) => item.status)).toEqual(['paid', 'paid', 'unpaid']);
  expect((await orderDetail(user.http, { order_no })).paid_periods).toBe(2);
});

test('periods asked out of order are judged earliest first: the paid one is named before the one under review', async () => {
  const { user, order_no } = await borrower();
  expect(await payAtGateway(server, (await cashier(user.http, { order_no, periods: '1' })).payment_no)).toBe('success');
  await proof(user, order_no, [2]);
  expect((await refusal(cashier(user.http, { order_no, periods: '2,1' }))).message).toBe('Instalment 1 is already paid.');
  expect((await refusal(cashier(user.http, { order_no, periods: '3,2' }))).message).toBe('Instalment 2 has a payment proof under review.');
});

test('an instalment the loan does not have is not due for payment, alone or after one it has', async () => {
  const { user, order_no } = await borrower();
  for (const periods of ['1,4', '4', '0']) {
    expect((await refusal(cashier(user.http, { order_no, periods }))).message).toBe('That instalment is not due for payment.');
  }
});

test('instalments are paid earliest first and none is skipped', async () => {
  const { user, order_no } = await borrower();
  expect((await refusal(cashier(user.http, { order_no, periods: '2' }))).message).toBe(
    'The earliest unpaid instalment must be paid first.',
  );
  expect((await refusal(cashier(user.http, { order_no, periods: '1,3' }))).message).toBe(
    'Instalments must be paid in order, without skipping one.',
  );
  expect((await installments(user.http, { order_no })).list.map((item) => item.status)).toEqual(['unpaid', 'unpaid', 'unpaid']);
});

test('a payoff payment is for every instalment still unpaid', async () => {
  const { user, order_no } = await borrower();
  expect(await payAtGateway(server, (await cashier(user.http, { order_no, periods: '1' })).payment_no)).toBe('success');
  const due = await cashier(user.http, { order_no, payoff: '1' });
  expect(due.items.map((item) => item.period)).toEqual([2, 3]);
  expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ payoff: true, periods: [2, 3] });
});

test("an overdue instalment's penalty is 0.05% a day of its principal and interest, in fen, and frozen when paid", async () => {
  const { user, order_no } = await borrower();
  // 2026-02-25: instalment 1 (principal ¥3,968.17, interest ¥96.00) is 10 days overdue:
  // 406,417 fen × 5 / 10,000 × 10 = 2,032.085 → ¥20.32.
  server.clock.now = Date.UTC(2026, 1, 25, 2, 0, 0);
  const [first, second] = (await installments(user.http, { order_no })).list;
  expect(first).toMatchObject({ status: 'overdue', overdue_days: 10, principal: '3968.17', interest: '96.00', penalty: '20.32' });
  expect(first.total).toBe('4120.49');
  expect(second).toMatchObject({ status: 'unpaid', overdue_days: 0, penalty: '0.00', total: '4100.17' });
  expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'overdue', overdue_days: 10, penalty: '20.32' });
  const due = await cashier(user.http, { order_no, periods: '1' });
  expect(due.total).toBe('4120.49');
  expect(await payAtGateway(server, due.payment_no)).toBe('success');

  // 2026-03-10: paid on day 10, it still shows the ¥20.32 it was charged.
  server.clock.now = Date.UTC(2026, 2, 10, 2, 0, 0);
  expect((await installments(user.http, { order_no })).list[0]).toMatchObject({
    status: 'paid',
    overdue_days: 10,
    penalty: '20.32',
    total: '4120.49',
  });
});
