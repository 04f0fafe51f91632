import {
  cashier,
  contractInfo,
  createLoan,
  credit,
  DEV_ENDPOINTS,
  installments,
  loanRates,
  orderDetail,
  paymentState,
  payoff,
  uploadFile,
  uploadProof,
  withdrawProof,
} from '@instalment/contract/api';
import { computeSchedule, formatMoney, fromFen, payoffQuote, priceAprBp, toFen } from '@instalment/contract/loan';
import { blob, DAY_MS, PNG_BYTES, refusal, signUp, START_MS, startServer, type TestServer } from '../../helpers';
import { payAtGateway } from './gateway';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokenTtlSeconds: 365 * 24 * 3600 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.clock.now = START_MS;
});

/** A receipt image unlike any other (a PNG with a byte of its own after the end). */
let receipts = 0;
const receipt = () => blob(Buffer.concat([PNG_BYTES, Buffer.from([(receipts += 1)])]), 'image/png');

describe('an instalment is settled once: a proof under review reserves it', () => {
  test('pending proof → "under review" everywhere, refused by the cashier; withdrawn → payable again', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const file = await uploadFile(user.http, receipt(), 'receipt.png');
    const plan = await installments(user.http, { order_no });
    const voucher = await uploadProof(user.http, { order_no, periods: [1], amount: plan.list[0].total, file_url: file.url });

    const reserved = await installments(user.http, { order_no });
    expect(reserved.list.map((item) => [item.status, item.under_review])).toEqual([
      ['unpaid', true],
      ['unpaid', false],
      ['unpaid', false],
    ]);
    expect((await refusal(cashier(user.http, { order_no, periods: '1' }))).message).toBe('Instalment 1 has a payment proof under review.');
    expect((await refusal(cashier(user.http, { order_no, payoff: '1' }))).message).toMatch(
      /^A payment proof for this loan is under review/,
    );
    // The next one can still be paid: the reserved period is not owed twice.
    expect((await cashier(user.http, { order_no, periods: '2' })).items.map((item) => item.period)).toEqual([2]);

    expect(await withdrawProof(user.http, { voucher_id: voucher.id })).toMatchObject({ status: 'withdrawn' });
    expect((await installments(user.http, { order_no })).list[0].under_review).toBe(false);
    expect((await cashier(user.http, { order_no, periods: '1' })).total).toBe(plan.list[0].total);
    expect((await refusal(withdrawProof(user.http, { voucher_id: voucher.id }))).message).toBe(
      'Only a proof waiting for review can be withdrawn.',
    );
  });

  test('an approved proof settles its instalments through the ledger; a payment opened for them fails', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const opened = await cashier(user.http, { order_no, periods: '1' });
    const file = await uploadFile(user.http, receipt(), 'receipt.png');
    const voucher = await uploadProof(user.http, { order_no, periods: [1], amount: opened.total, file_url: file.url });
    await user.http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: voucher.id, decision: 'approve' });
    expect((await installments(user.http, { order_no })).list[0]).toMatchObject({ status: 'paid', under_review: false });
    expect(await payAtGateway(server, opened.payment_no)).toBe('failed');
    expect((await orderDetail(user.http, { order_no })).paid_periods).toBe(1);
  });

  test('a proof must be for exactly what is due, and one receipt backs one proof', async () => {
    const user = await signUp(server);
    const other = await signUp(server);
    const mine = (await createLoan(user.http, user.application)).order_no;
    const theirs = (await createLoan(other.http, other.application)).order_no;
    const due = (await installments(user.http, { order_no: mine })).list[0].total;
    const expected = `The amount must be ${formatMoney(due)}, what these instalments cost today.`;
    const file = await uploadFile(user.http, receipt(), 'receipt.png');
    for (const amount of ['999999999999.99', fromFen(toFen(due)! * 10), fromFen(toFen(due)! - 1)]) {
      expect((await refusal(uploadProof(user.http, { order_no: mine, periods: [1], amount, file_url: file.url }))).message).toBe(expected);
    }
    await uploadProof(user.http, { order_no: mine, periods: [1], amount: due, file_url: file.url });

    // The same receipt bytes, uploaded again by another borrower for their own loan.
    const copy = await uploadFile(
      other.http,
      blob(
        Buffer.from(await (await fetch(`${server.baseURL}${file.url}`, { headers: { token: user.token! } })).arrayBuffer()),
        'image/png',
      ),
      'copy.png',
    );
    const theirDue = (await installments(other.http, { order_no: theirs })).list[0].total;
    expect((await refusal(uploadProof(other.http, { order_no: theirs, periods: [1], amount: theirDue, file_url: copy.url }))).message).toBe(
      'This receipt already backs another payment proof. Upload the receipt of this transfer.',
    );
  });
});

describe('what is charged is what is recorded', () => {
  test('a payment opened before its instalment falls overdue and confirmed after is refused and re-priced', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    // 2026-02-15 is the first due date; the payment is opened late that evening (Shanghai)…
    server.clock.now = Date.UTC(2026, 1, 15, 15, 50);
    const opened = await cashier(user.http, { order_no, periods: '1' });
    expect(opened.items[0]).toMatchObject({ status: 'unpaid', penalty: '0.00' });
    // …and confirmed twenty minutes later, on the day it is one day overdue.
    server.clock.now = Date.UTC(2026, 1, 15, 16, 10);
    expect(await payAtGateway(server, opened.payment_no)).toBe('repriced');
    expect(await paymentState(user.http, { payment_no: opened.payment_no })).toMatchObject({ status: 'repriced', paid_at: null });
    expect((await installments(user.http, { order_no })).list[0]).toMatchObject({ status: 'overdue', overdue_days: 1 });

    const repriced = await cashier(user.http, { order_no, periods: '1' });
    expect(toFen(repriced.total)!).toBeGreaterThan(toFen(opened.total)!);
    expect(await payAtGateway(server, repriced.payment_no)).toBe('success');
    expect((await installments(user.http, { order_no })).list[0]).toMatchObject({ status: 'paid', total: repriced.total });
  });

  test("a payment's state is its owner's alone", async () => {
    const user = await signUp(server);
    const stranger = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const opened = await cashier(user.http, { order_no, periods: '1' });
    expect(await paymentState(user.http, { payment_no: opened.payment_no })).toMatchObject({ status: 'open', order_no, payoff: false });
    expect((await refusal(paymentState(stranger.http, { payment_no: opened.payment_no }))).message).toBe('Payment not found.');
  });

  test('the cashier never guesses', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    expect((await refusal(cashier(user.http, { order_no }))).message).toBe('Choose the instalments to pay.');
    expect((await refusal(cashier(user.http, { order_no, periods: '1', payoff: '1' }))).message).toBe(
      'Ask either for instalments or for the payoff, not both.',
    );
    await payAtGateway(server, (await cashier(user.http, { order_no, periods: '1' })).payment_no);
    expect((await refusal(cashier(user.http, { order_no, periods: '1' }))).message).toBe('Instalment 1 is already paid.');
  });
});

describe('early payoff charges interest only for the time the principal was outstanding', () => {
  const loan = { amount: '6000', term: 6 };

  test('¥6,000 over 6 months paid off on the day it was disbursed costs ¥6,000.00, and settles the loan', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, { ...user.application, ...loan });
    expect(await payoff(user.http, { order_no })).toEqual({
      order_no,
      as_of: '2026-01-15',
      principal: '6000.00',
      interest: '0.00',
      fee: '0.00',
      penalty: '0.00',
      total: '6000.00',
    });
    const due = await cashier(user.http, { order_no, payoff: '1' });
    expect(due).toMatchObject({ payoff: true, total: '6000.00', quote: { total: '6000.00' } });
    expect(due.items).toHaveLength(6);
    expect(await payAtGateway(server, due.payment_no)).toBe('success');
    const settled = await orderDetail(user.http, { order_no });
    expect(settled).toMatchObject({ status: 'settled', paid_periods: 6, remaining_principal: '0.00' });
    const plan = await installments(user.http, { order_no });
    expect(plan.list.reduce((sum, item) => sum + toFen(item.total)!, 0)).toBe(600_000);
    expect(plan.list.reduce((sum, item) => sum + toFen(item.principal)!, 0)).toBe(600_000);
  });

  test('paid off 45 days after disbursal, with period 1 paid on its due date: ¥5,035.91', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, { ...user.application, ...loan });
    server.clock.now = START_MS + 31 * DAY_MS;
    await payAtGateway(server, (await cashier(user.http, { order_no, periods: '1' })).payment_no);
    server.clock.now = START_MS + 45 * DAY_MS;
    // The arithmetic is written out in packages/contract/src/loan/ledger.test.ts.
    expect(await payoff(user.http, { order_no })).toMatchObject({
      as_of: '2026-03-01',
      principal: '5018.59',
      interest: '17.32',
      fee: '0.00',
      total: '5035.91',
    });
    await payAtGateway(server, (await cashier(user.http, { order_no, payoff: '1' })).payment_no);
    expect((await orderDetail(user.http, { order_no })).status).toBe('settled');
  });

  test('the next instalment can still be paid early at its scheduled amount', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, { ...user.application, ...loan });
    const schedule = computeSchedule({ amountFen: 600_000, term: 6, monthlyRateBp: 75, monthlyFeeBp: 28, startDate: '2026-01-15' });
    expect((await cashier(user.http, { order_no, periods: '1' })).total).toBe(fromFen(schedule.instalments[0].totalFen));
  });

  test('the server quotes what the shared rule computes, on any day of the first month', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, { ...user.application, amount: '12300', term: 12 });
    const schedule = computeSchedule({ amountFen: 1_230_000, term: 12, monthlyRateBp: 70, monthlyFeeBp: 25, startDate: '2026-01-15' });
    for (const days of [1, 17, 29, 30]) {
      server.clock.now = START_MS + days * DAY_MS;
      const today = new Date(server.clock.now + 8 * 3600_000).toISOString().slice(0, 10);
      const expected = payoffQuote(
        schedule.instalments.map((item) => ({ ...item, penaltyFen: 0, paid: false, underReview: false })),
        { amountFen: 1_230_000, monthlyRateBp: 70, startDate: '2026-01-15', today },
      );
      const quote = await payoff(user.http, { order_no });
      expect(toFen(quote.total)).toBe(expected.totalFen);
      expect(toFen(quote.interest)).toBeGreaterThan(0);
    }
  });
});

describe('the annual percentage rate is disclosed', () => {
  test('on every term offered, on the loan and on its contract', async () => {
    const rates = await loanRates(server.client().http);
    for (const offer of rates.terms) {
      expect(offer.apr_bp).toBe(priceAprBp(1_000_000, offer.term, offer.monthly_rate_bp, offer.monthly_fee_bp));
      expect(offer.apr_bp).toBeGreaterThan(offer.monthly_rate_bp * 12);
    }
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const detail = await orderDetail(user.http, { order_no });
    expect(detail.apr_bp).toBe(priceAprBp(1_200_000, 3, 80, 30));
    const contract = await contractInfo(user.http, { order_no });
    expect(contract.apr_bp).toBe(detail.apr_bp);
    expect(contract.clauses[2].body).toContain(`${(detail.apr_bp / 100).toFixed(2)}% a year`);
  });
});

describe('the credit line', () => {
  test('shows what is left, blocks borrowers with an overdue instalment, and binds one person to one account', async () => {
    const user = await signUp(server);
    expect(await credit(user.http)).toEqual({ limit: '50000.00', used: '0.00', available: '50000.00', blocked: null });
    const { order_no } = await createLoan(user.http, user.application);
    expect(await credit(user.http)).toMatchObject({ used: '12000.00', available: '38000.00' });

    expect((await refusal(createLoan(user.http, { ...user.application, real_name: 'Han Meimei' }))).message).toBe(
      'Apply in your own name: the name and ID card must be those of your first application.',
    );
    const other = await signUp(server);
    expect((await refusal(createLoan(other.http, user.application))).message).toBe('This ID card is registered to another account.');

    server.clock.now = Date.UTC(2026, 1, 17, 2, 0);
    expect(await credit(user.http)).toMatchObject({ blocked: 'overdue' });
    expect((await refusal(createLoan(user.http, { ...user.application, amount: '1000' }))).message).toBe(
      'You have an overdue instalment. Repay it before applying for a new loan.',
    );
    await payAtGateway(server, (await cashier(user.http, { order_no, periods: '1' })).payment_no);
    expect(await credit(user.http)).toMatchObject({ blocked: null });
  });

  test('is configurable', async () => {
    const small = await startServer({ creditLimitFen: 500_000 });
    try {
      const user = await signUp(small);
      expect((await credit(user.http)).limit).toBe('5000.00');
      expect((await refusal(createLoan(user.http, user.application))).message).toBe(
        'This amount is more than your available credit of ¥5,000.00.',
      );
    } finally {
      await small.close();
    }
  });
});
