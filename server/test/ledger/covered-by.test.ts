import { cashier, createLoan, installments, orderDetail, paymentState, withdrawVoucher } from '@instalment/shared/api';
import { toFen } from '@instalment/shared/loan';
import { Ledger } from '../../src/services/ledger';
import { DAY_MS, signUp, START_MS, startServer, type TestClient, type TestServer } from '../helpers';
import { approve, proof } from './proofs';

/**
 * Money a gateway says arrived is never refused (issue 37). At the payment's price it settles what
 * the payment was for; when the price moved, or its instalments were settled or reserved
 * meanwhile, it settles the longest run of the payment's own instalments, earliest first, that
 * the ledger accepts and the money pays for in full, and the rest is recorded for finance.
 *
 * The loan: ¥12,000 over 3 months from 2026-01-15, ¥4,100.17 an instalment (principal ¥3,968.17,
 * interest ¥96.00 and fee ¥36.00 in the first), due on the 15th of February, March and April.
 */
const INSTALMENT_FEN = 410_017;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokenTtlSeconds: 365 * 24 * 3600 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.clock.now = START_MS;
});
afterEach(() => {
  jest.restoreAllMocks();
});

let trades = 0;
/** The gateway's verified word that `amountFen` arrived for a payment, as its notify route hands it over. */
const arrived = (paymentNo: string, amountFen: number) =>
  server.app.services.payments.arrived({ paymentNo, tradeNo: `T${(trades += 1)}`, amountFen, paid: true }, 'alipay');

/** What finance is left to refund or close for a payment: the money received and what of it settled instalments. */
const differenceOf = (paymentNo: string) =>
  server.app.store.q
    .selectFrom('payment_differences as d')
    .innerJoin('payments as p', 'p.id', 'd.payment_id')
    .select(['d.received_fen', 'd.settled_fen', 'd.reason'])
    .where('p.payment_no', '=', paymentNo)
    .execute();

const plan = async (user: TestClient, order_no: string) => (await installments(user.http, { order_no })).list;
const statuses = async (user: TestClient, order_no: string) => (await plan(user, order_no)).map((item) => item.status);

async function borrower() {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);
  return { user, order_no };
}

describe('money that arrived at the price the payment was opened for', () => {
  test('settles the instalment it was for, and nothing is left for finance', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1' });
    expect(toFen(due.total)).toBe(INSTALMENT_FEN);
    expect(await arrived(due.payment_no, INSTALMENT_FEN)).toBe('settled');
    expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
    expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ status: 'paid', periods: [1] });
    expect(await differenceOf(due.payment_no)).toEqual([]);
  });

  test('and ¥500 more: the instalment is settled at its price, and the ¥500 are recorded', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1' });
    expect(await arrived(due.payment_no, INSTALMENT_FEN + 50_000)).toBe('recorded');
    expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
    expect((await plan(user, order_no))[0].total).toBe('4100.17');
    expect(await differenceOf(due.payment_no)).toEqual([
      { received_fen: INSTALMENT_FEN + 50_000, settled_fen: INSTALMENT_FEN, reason: 'repriced' },
    ]);
  });

  test('for a payoff: the whole loan is settled at the quote, not instalment by instalment at the schedule', async () => {
    const { user, order_no } = await borrower();
    // On the day the money was sent the payoff is the principal alone.
    const due = await cashier(user.http, { order_no, payoff: '1' });
    expect(due.total).toBe('12000.00');
    expect(await arrived(due.payment_no, 1_200_000)).toBe('settled');
    expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'settled', paid_periods: 3 });
    expect((await plan(user, order_no)).map((item) => [item.status, item.interest, item.fee])).toEqual([
      ['paid', '0.00', '0.00'],
      ['paid', '0.00', '0.00'],
      ['paid', '0.00', '0.00'],
    ]);
    expect(await differenceOf(due.payment_no)).toEqual([]);
  });
});

describe('money that arrived at a moved price', () => {
  // 2026-03-01: instalment 1 is 14 days overdue, its penalty ¥28.45 (0.05% a day of ¥4,064.17); it costs ¥4,128.62.
  const MARCH_1 = START_MS + 45 * DAY_MS;
  const FIRST_ON_MARCH_1_FEN = INSTALMENT_FEN + 2845;

  test('covers instalment 1 of 1 and 2 with its penalty; the rest is recorded', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1,2' });
    expect(toFen(due.total)).toBe(2 * INSTALMENT_FEN);
    server.clock.now = MARCH_1;
    expect(await arrived(due.payment_no, 2 * INSTALMENT_FEN)).toBe('recorded');
    expect((await plan(user, order_no)).map((item) => [item.status, item.penalty, item.total])).toEqual([
      ['paid', '28.45', '4128.62'],
      ['unpaid', '0.00', '4100.17'],
      ['unpaid', '0.00', '4100.17'],
    ]);
    expect(await differenceOf(due.payment_no)).toEqual([
      { received_fen: 2 * INSTALMENT_FEN, settled_fen: FIRST_ON_MARCH_1_FEN, reason: 'repriced' },
    ]);
  });

  test('exactly what instalment 1 costs now settles it, and nothing is left to record', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1,2' });
    server.clock.now = MARCH_1;
    expect(await arrived(due.payment_no, FIRST_ON_MARCH_1_FEN)).toBe('settled');
    expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
    expect(await differenceOf(due.payment_no)).toEqual([]);
  });

  test('too little for the earliest instalment settles nothing: the whole amount is recorded', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1' });
    server.clock.now = MARCH_1;
    expect(await arrived(due.payment_no, INSTALMENT_FEN)).toBe('recorded');
    expect(await statuses(user, order_no)).toEqual(['overdue', 'unpaid', 'unpaid']);
    expect(await differenceOf(due.payment_no)).toEqual([{ received_fen: INSTALMENT_FEN, settled_fen: 0, reason: 'repriced' }]);
  });
});

describe('money for instalments settled or reserved meanwhile', () => {
  test('for 1 and 2 after a proof settled 1: it settles 2, never 3, which it was not for', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1,2' });
    await approve(user, await proof(user, order_no, [1]));
    expect(await arrived(due.payment_no, 2 * INSTALMENT_FEN)).toBe('recorded');
    expect(await statuses(user, order_no)).toEqual(['paid', 'paid', 'unpaid']);
    expect(await differenceOf(due.payment_no)).toEqual([
      { received_fen: 2 * INSTALMENT_FEN, settled_fen: INSTALMENT_FEN, reason: 'settled_otherwise' },
    ]);
  });

  test('for 1 after a proof settled it: nothing is settled, not even the next instalment it would pay', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1' });
    await approve(user, await proof(user, order_no, [1]));
    expect(await arrived(due.payment_no, INSTALMENT_FEN)).toBe('recorded');
    expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
    expect(await differenceOf(due.payment_no)).toEqual([{ received_fen: INSTALMENT_FEN, settled_fen: 0, reason: 'settled_otherwise' }]);
  });

  test('for 1 and 2 while a proof for 1 is under review: 2 is settled, 1 is left to its proof', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1,2' });
    const reserving = await proof(user, order_no, [1]);
    expect(await arrived(due.payment_no, 2 * INSTALMENT_FEN)).toBe('recorded');
    expect((await plan(user, order_no)).map((item) => [item.status, item.under_review])).toEqual([
      ['unpaid', true],
      ['paid', false],
      ['unpaid', false],
    ]);
    expect(await differenceOf(due.payment_no)).toEqual([
      { received_fen: 2 * INSTALMENT_FEN, settled_fen: INSTALMENT_FEN, reason: 'repriced' },
    ]);
    await approve(user, reserving);
    expect(await statuses(user, order_no)).toEqual(['paid', 'paid', 'unpaid']);
  });

  test('for a payoff while a proof for 1 is under review: 2 and 3 are settled at their price, 1 is left to its proof', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, payoff: '1' });
    await proof(user, order_no, [1]);
    expect(await arrived(due.payment_no, 1_200_000)).toBe('recorded');
    expect((await plan(user, order_no)).map((item) => [item.status, item.total])).toEqual([
      ['unpaid', '4100.17'],
      ['paid', '4100.17'],
      ['paid', '4100.17'],
    ]);
    expect(await differenceOf(due.payment_no)).toEqual([{ received_fen: 1_200_000, settled_fen: 2 * INSTALMENT_FEN, reason: 'repriced' }]);
  });

  test('for 2, opened while 1 was under review, once that proof is withdrawn: nothing, as 1 must be paid first', async () => {
    const { user, order_no } = await borrower();
    const reserving = await proof(user, order_no, [1]);
    const due = await cashier(user.http, { order_no, periods: '2' });
    await withdrawVoucher(user.http, { voucher_id: reserving.id });
    expect(await arrived(due.payment_no, INSTALMENT_FEN)).toBe('recorded');
    expect(await statuses(user, order_no)).toEqual(['unpaid', 'unpaid', 'unpaid']);
    expect(await differenceOf(due.payment_no)).toEqual([{ received_fen: INSTALMENT_FEN, settled_fen: 0, reason: 'repriced' }]);
  });
});

describe('books that cannot be read are not taken for money that covers nothing', () => {
  const failure = () => Promise.reject(new Error('the database is gone'));

  test('pricing what the payment was for fails: the arrival fails whole, and settles when told again', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1' });
    jest.spyOn(Ledger.prototype, 'price').mockImplementationOnce(failure);
    await expect(arrived(due.payment_no, INSTALMENT_FEN)).rejects.toThrow('the database is gone');
    expect(await statuses(user, order_no)).toEqual(['unpaid', 'unpaid', 'unpaid']);
    expect(await differenceOf(due.payment_no)).toEqual([]);
    expect(await arrived(due.payment_no, INSTALMENT_FEN)).toBe('settled');
    expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
  });

  test('pricing a shorter run at a moved price fails: the arrival fails whole, and settles when told again', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1,2' });
    server.clock.now = START_MS + 45 * DAY_MS;
    const price = Ledger.prototype.price;
    jest
      .spyOn(Ledger.prototype, 'price')
      .mockImplementationOnce(function (this: Ledger, ...args) {
        return price.apply(this, args);
      })
      .mockImplementationOnce(failure);
    await expect(arrived(due.payment_no, 2 * INSTALMENT_FEN)).rejects.toThrow('the database is gone');
    expect(await statuses(user, order_no)).toEqual(['overdue', 'unpaid', 'unpaid']);
    expect(await differenceOf(due.payment_no)).toEqual([]);
    expect(await arrived(due.payment_no, 2 * INSTALMENT_FEN)).toBe('recorded');
    expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
  });
});
