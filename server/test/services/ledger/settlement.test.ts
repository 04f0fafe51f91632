import { cashier, createLoan, installments, orderDetail, paymentState } from '@instalment/contract/api';
import { toFen } from '@instalment/contract/loan';
import { DAY_MS, refusal, signUp, START_MS, startServer, type TestClient, type TestServer } from '../../helpers';
import { payAtGateway } from './gateway';
import { approve, proof } from './proofs';

/** What a settlement leaves behind: the loan's stored status, the paid instalments' figures, the other open payments. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokenTtlSeconds: 365 * 24 * 3600 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.clock.now = START_MS;
});

/** The status the loan is stored with: what reminders, the back office and the credit line read. */
async function stored(order_no: string): Promise<{ status: string; settled: boolean }> {
  const row = await server.app.store.q
    .selectFrom('loans')
    .select(['status', 'settled_at'])
    .where('order_no', '=', order_no)
    .executeTakeFirstOrThrow();
  return { status: row.status, settled: row.settled_at !== null };
}

async function pay(user: TestClient, order_no: string, periods: string): Promise<void> {
  expect(await payAtGateway(server, (await cashier(user.http, { order_no, periods })).payment_no)).toBe('success');
}

test("a loan's stored status after each payment of its life: repaying, overdue while one is still late, settled with the last", async () => {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);
  expect(await stored(order_no)).toEqual({ status: 'repaying', settled: false });

  await pay(user, order_no, '1');
  expect(await stored(order_no)).toEqual({ status: 'repaying', settled: false });
  expect((await orderDetail(user.http, { order_no })).settled_at).toBeNull();

  // 2026-04-20: periods 2 (due 03-15) and 3 (due 04-15) are overdue; paying 2 leaves 3 late.
  server.clock.now = START_MS + 95 * DAY_MS;
  await pay(user, order_no, '2');
  expect(await stored(order_no)).toEqual({ status: 'overdue', settled: false });
  expect((await orderDetail(user.http, { order_no })).settled_at).toBeNull();

  await pay(user, order_no, '3');
  expect(await stored(order_no)).toEqual({ status: 'settled', settled: true });
  expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'settled', settled_at: '2026-04-20T02:00:00.000Z' });
});

test('after a payoff the paid instalments show what each was charged, not what the schedule asked', async () => {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, { ...user.application, amount: '6000', term: 6 });
  server.clock.now = START_MS + 31 * DAY_MS;
  await pay(user, order_no, '1');
  // 45 days after disbursal the payoff is ¥5,035.91 (packages/contract/src/loan/ledger.test.ts): the 17.32
  // accrued since period 1's due date go to period 2; the later months charge no interest or fee.
  server.clock.now = START_MS + 45 * DAY_MS;
  const payoff = await cashier(user.http, { order_no, payoff: '1' });
  expect(payoff.total).toBe('5035.91');
  expect(await payAtGateway(server, payoff.payment_no)).toBe('success');

  const plan = (await installments(user.http, { order_no })).list;
  expect(plan.map((item) => [item.status, item.interest, item.fee, item.penalty])).toEqual([
    ['paid', '45.00', '16.80', '0.00'],
    ['paid', '17.32', '0.00', '0.00'],
    ['paid', '0.00', '0.00', '0.00'],
    ['paid', '0.00', '0.00', '0.00'],
    ['paid', '0.00', '0.00', '0.00'],
    ['paid', '0.00', '0.00', '0.00'],
  ]);
  expect(plan.reduce((sum, item) => sum + toFen(item.total)!, 0)).toBe(104_321 + 503_591);
});

test('a settlement voids the open payment for its instalments and leaves one for other instalments open', async () => {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);

  const forPeriod1 = await cashier(user.http, { order_no, periods: '1' });
  await approve(user, await proof(user, order_no, [1]));
  expect(await paymentState(user.http, { payment_no: forPeriod1.payment_no })).toMatchObject({ status: 'void', paid_at: null });

  const proofFor2 = await proof(user, order_no, [2]);
  const forPeriod3 = await cashier(user.http, { order_no, periods: '3' });
  await approve(user, proofFor2);
  expect(await paymentState(user.http, { payment_no: forPeriod3.payment_no })).toMatchObject({ status: 'open', periods: [3] });
  expect(await payAtGateway(server, forPeriod3.payment_no)).toBe('success');
  expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'settled', paid_periods: 3 });
});

test('a proof under review for period 10 holds that instalment back from the cashier', async () => {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, { ...user.application, amount: '12000', term: 12 });
  await pay(user, order_no, '1,2,3,4,5,6,7,8,9');
  await proof(user, order_no, [10]);

  const plan = (await installments(user.http, { order_no })).list;
  expect(plan.slice(9).map((item) => [item.period, item.status, item.under_review])).toEqual([
    [10, 'unpaid', true],
    [11, 'unpaid', false],
    [12, 'unpaid', false],
  ]);
  expect((await refusal(cashier(user.http, { order_no, periods: '10' }))).message).toBe('Instalment 10 has a payment proof under review.');
  expect((await cashier(user.http, { order_no, periods: '11' })).items.map((item) => item.period)).toEqual([11]);
});
