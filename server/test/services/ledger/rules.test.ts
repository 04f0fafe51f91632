import {
  ADMIN_ENDPOINTS,
  adminPath,
  cashier,
  createLoan,
  credit,
  DEV_ENDPOINTS,
  installments,
  myLoans,
  orderDetail,
  payoff,
  paymentState,
  withdrawProof,
} from '@instalment/contract/api';
import { toFen } from '@instalment/contract/loan';
import { LoanRecords } from '../../../src/repositories/loans';
import { Ledger } from '../../../src/services/ledger';
import { DAY_MS, refusal, signUp, START_MS, startServer, type TestClient, type TestServer } from '../../helpers';
import { operatorsOf } from '../../operators';
import { payAtGateway } from './gateway';
import { approve, proof } from './proofs';

/**
 * The ledger's rules as a borrower and finance meet them: what money that arrived covers, why a
 * loan owes nothing, how the instalments asked for are judged and priced, and what settling them
 * does to other payments, also when the requests arrive at once. (One file rather than one a
 * topic: the mutation run loads every ledger suite for each change it tries.)
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

async function borrower() {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);
  return { user, order_no };
}

const plan = async (user: TestClient, order_no: string) => (await installments(user.http, { order_no })).list;
const statuses = async (user: TestClient, order_no: string) => (await plan(user, order_no)).map((item) => item.status);

/**
 * Money a gateway says arrived is never refused (issue 37). At the payment's price it settles what
 * the payment was for; when the price moved, or its instalments were settled or reserved
 * meanwhile, it settles the longest run of the payment's own instalments, earliest first, that
 * the ledger accepts and the money pays for in full, and the rest is recorded for finance.
 */
describe('money that arrived for a payment', () => {
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

  describe('at the price the payment was opened for', () => {
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
        { received_fen: INSTALMENT_FEN + 50_000, settled_fen: INSTALMENT_FEN, reason: 'amount_differs' },
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

  describe('at a moved price', () => {
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
        { received_fen: 2 * INSTALMENT_FEN, settled_fen: FIRST_ON_MARCH_1_FEN, reason: 'price_rose' },
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
      expect(await differenceOf(due.payment_no)).toEqual([{ received_fen: INSTALMENT_FEN, settled_fen: 0, reason: 'price_rose' }]);
    });
  });

  describe('for instalments settled or reserved meanwhile', () => {
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
        { received_fen: 2 * INSTALMENT_FEN, settled_fen: INSTALMENT_FEN, reason: 'amount_unknown' },
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
      expect(await differenceOf(due.payment_no)).toEqual([
        { received_fen: 1_200_000, settled_fen: 2 * INSTALMENT_FEN, reason: 'amount_unknown' },
      ]);
    });

    test('for 2, opened while 1 was under review, once that proof is withdrawn: nothing, as 1 must be paid first', async () => {
      const { user, order_no } = await borrower();
      const reserving = await proof(user, order_no, [1]);
      const due = await cashier(user.http, { order_no, periods: '2' });
      await withdrawProof(user.http, { voucher_id: reserving.id });
      expect(await arrived(due.payment_no, INSTALMENT_FEN)).toBe('recorded');
      expect(await statuses(user, order_no)).toEqual(['unpaid', 'unpaid', 'unpaid']);
      expect(await differenceOf(due.payment_no)).toEqual([{ received_fen: INSTALMENT_FEN, settled_fen: 0, reason: 'amount_unknown' }]);
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
});

/**
 * A loan owes nothing before its money is sent and after its last instalment is paid: it reads
 * so, and the cashier and the payoff quote say why there is nothing to pay, in the loan's own words.
 */
describe('a loan that owes nothing', () => {
  // A lender whose staff decide every application.
  let lender: TestServer;
  beforeAll(async () => {
    lender = await startServer({ approvalMode: 'manual', tokenTtlSeconds: 365 * 24 * 3600 });
  });
  afterAll(() => lender.close());
  const { loggedIn } = operatorsOf(() => lender);

  async function applied() {
    const user = await signUp(lender);
    const { order_no } = await createLoan(user.http, user.application);
    return { user, order_no };
  }

  /** What the borrower is told when asking to pay instalment 1, to pay the loan off, and for the payoff quote. */
  async function whyNothingToPay(user: TestClient, order_no: string): Promise<string[]> {
    return [
      (await refusal(cashier(user.http, { order_no, periods: '1' }))).message,
      (await refusal(cashier(user.http, { order_no, payoff: '1' }))).message,
      (await refusal(payoff(user.http, { order_no }))).message,
    ];
  }

  test('a loan under review has nothing to pay yet, and says so', async () => {
    const { user, order_no } = await applied();
    expect(await orderDetail(user.http, { order_no })).toMatchObject({
      status: 'pending',
      status_label: 'pending review',
      paid_periods: 0,
    });
    expect((await myLoans(user.http)).list[0]).toMatchObject({ order_no, status: 'pending' });
    expect(await whyNothingToPay(user, order_no)).toEqual(Array(3).fill('This loan is still under review; there is nothing to pay yet.'));
  });

  test('an approved loan whose money is on its way has nothing to pay until it arrives, and says so', async () => {
    const { user, order_no } = await applied();
    const reviewer = await loggedIn(['reviewer']);
    expect(await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }))).toEqual({ order_no, status: 'approved' });
    expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'approved', next_due_date: null });
    expect((await myLoans(user.http)).list[0]).toMatchObject({ order_no, status: 'approved' });
    expect(await whyNothingToPay(user, order_no)).toEqual(
      Array(3).fill('This loan is approved and the money is on its way; there is nothing to pay until it arrives.'),
    );
  });

  test('a rejected application has nothing to pay, and says so', async () => {
    const { user, order_no } = await applied();
    await user.http.post(DEV_ENDPOINTS.reviewLoan, { order_no, decision: 'reject' });
    expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'rejected', paid_periods: 0 });
    expect((await myLoans(user.http)).list[0]).toMatchObject({ order_no, status: 'rejected' });
    expect(await whyNothingToPay(user, order_no)).toEqual(Array(3).fill('This application was rejected; there is nothing to pay.'));
  });

  test('a loan whose instalments are all paid is settled and has nothing left to pay, and says so', async () => {
    const { user, order_no } = await applied();
    await user.http.post(DEV_ENDPOINTS.reviewLoan, { order_no, decision: 'approve' });
    expect((await orderDetail(user.http, { order_no })).status).toBe('repaying');
    expect(await payAtGateway(lender, (await cashier(user.http, { order_no, periods: '1,2,3' })).payment_no)).toBe('success');
    expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'settled', paid_periods: 3 });
    expect((await installments(user.http, { order_no })).list.map((item) => item.status)).toEqual(['paid', 'paid', 'paid']);
    expect(await whyNothingToPay(user, order_no)).toEqual(Array(3).fill('This loan is settled; there is nothing left to pay.'));
  });
});

/** The instalments the borrower chose, judged earliest first however they were written, or the whole loan; and an overdue one's price, to the fen. */
describe('what the cashier is asked to price', () => {
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
    expect((await refusal(cashier(user.http, { order_no, periods: '3,2' }))).message).toBe(
      'Instalment 2 has a payment proof under review.',
    );
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
});

/** What settling instalments does to the other ways of paying them, and what it refuses to do twice. */
describe('settling', () => {
  test('a proof that settles instalment 1 voids the open payment for 1 and 2: it shares a period, and can no longer be paid', async () => {
    const { user, order_no } = await borrower();
    const forBoth = await cashier(user.http, { order_no, periods: '1,2' });
    await approve(user, await proof(user, order_no, [1]));
    expect(await paymentState(user.http, { payment_no: forBoth.payment_no })).toMatchObject({ status: 'void', periods: [1, 2] });
    expect(await payAtGateway(server, forBoth.payment_no)).toBe('failed');
    expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
  });

  test('an instalment found settled while it is being settled fails the whole settlement, which can then be done once', async () => {
    const { user, order_no } = await borrower();
    const due = await cashier(user.http, { order_no, periods: '1,2' });
    const loanId = (await server.app.store.q.selectFrom('loans').select('id').where('order_no', '=', order_no).executeTakeFirstOrThrow())
      .id;
    // Another writer settles instalment 2 between the price and its update.
    const settle = LoanRecords.prototype.settleInstalment;
    jest
      .spyOn(LoanRecords.prototype, 'settleInstalment')
      .mockImplementationOnce(function (this: LoanRecords, ...args) {
        return settle.apply(this, args);
      })
      .mockResolvedValueOnce(false);
    await expect(server.app.services.payments.confirm(due.payment_no, 'wechat')).rejects.toThrow(
      `instalment 2 of loan ${loanId} was settled twice`,
    );
    // Nothing of it stays: instalment 1 is unpaid again and the payment still open.
    expect(await statuses(user, order_no)).toEqual(['unpaid', 'unpaid', 'unpaid']);
    expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ status: 'open', paid_at: null });
    jest.restoreAllMocks();
    expect(await payAtGateway(server, due.payment_no)).toBe('success');
    expect(await statuses(user, order_no)).toEqual(['paid', 'paid', 'unpaid']);
  });
});

/** What the ledger reads and writes for a settlement: a repayment day's round trips. */
describe('the books a settlement touches', () => {
  test("a payment that leaves the loan's stored status as it is writes none; one that changes it does", async () => {
    const setStatus = jest.spyOn(LoanRecords.prototype, 'setStatus');
    const { user, order_no } = await borrower();
    expect(await payAtGateway(server, (await cashier(user.http, { order_no, periods: '1' })).payment_no)).toBe('success');
    expect(setStatus).not.toHaveBeenCalled();
    // 2026-04-20: periods 2 and 3 are overdue; paying 2 leaves 3 late, and the loan is stored overdue.
    server.clock.now = START_MS + 95 * DAY_MS;
    expect(await payAtGateway(server, (await cashier(user.http, { order_no, periods: '2' })).payment_no)).toBe('success');
    expect(setStatus.mock.calls.map(([, status]) => status)).toEqual(['overdue']);
    expect(await statuses(user, order_no)).toEqual(['paid', 'paid', 'overdue']);
  });

  test('money short of the payoff covers the longest run of unpaid instalments, earliest first, it pays in full', async () => {
    const { order_no } = await borrower();
    const ledger = server.app.services.ledger;
    const loan = await server.app.store.q.selectFrom('loans').selectAll().where('order_no', '=', order_no).executeTakeFirstOrThrow();
    expect(await ledger.coveredBy(loan, { payoff: true }, 2 * INSTALMENT_FEN + 1)).toEqual({
      selection: { payoff: false, periods: [1, 2] },
      amountFen: 2 * INSTALMENT_FEN,
    });
    expect(await ledger.coveredBy(loan, { payoff: true }, INSTALMENT_FEN - 1)).toBeNull();
  });
});

/** Every rule of the ledger holds when the requests arrive at once, over real connections. */
describe('at once', () => {
  test('20 simultaneous confirmations of one payment settle it once', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const due = await cashier(user.http, { order_no, periods: '1' });
    const results = await Promise.all(Array.from({ length: 20 }, () => payAtGateway(server, due.payment_no)));
    expect(results.every((result) => result === 'success')).toBe(true);
    const plan = await installments(user.http, { order_no });
    expect(plan.list.map((item) => item.status)).toEqual(['paid', 'unpaid', 'unpaid']);
    expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({
      status: 'paid',
      amount: due.total,
      periods: [1],
    });
  });

  test('20 simultaneous cashiers of one period open one payment, which pays it once', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const opened = await Promise.all(Array.from({ length: 20 }, () => cashier(user.http, { order_no, periods: '1' })));
    expect(new Set(opened.map((due) => due.payment_no)).size).toBe(1);
    const results = await Promise.all(opened.slice(0, 5).map((due) => payAtGateway(server, due.payment_no)));
    expect(results).toEqual(Array(5).fill('success'));
    const plan = await installments(user.http, { order_no });
    expect(plan.list.map((item) => item.status)).toEqual(['paid', 'unpaid', 'unpaid']);
    expect(await paymentState(user.http, { payment_no: opened[0].payment_no })).toMatchObject({ status: 'paid', amount: opened[0].total });
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
});
