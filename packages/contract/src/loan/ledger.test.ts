import fc from 'fast-check';
import { annualRateBp, priceAprBp } from './apr';
import { addDays, addMonths } from './dates';
import { owedNow, payablePeriods, payoffQuote, priceOfPeriods, type LedgerInstalment } from './ledger';
import { computeSchedule } from './schedule';

const START = '2026-01-15';

function ledgerOf(amountFen: number, term: number, monthlyRateBp: number, monthlyFeeBp: number): LedgerInstalment[] {
  return computeSchedule({ amountFen, term, monthlyRateBp, monthlyFeeBp, startDate: START }).instalments.map((item) => ({
    period: item.period,
    dueDate: item.dueDate,
    principalFen: item.principalFen,
    interestFen: item.interestFen,
    feeFen: item.feeFen,
    penaltyFen: 0,
    paid: false,
    underReview: false,
  }));
}

/** A different way to the same IRR: Newton's method on the net present value. */
function newtonAprBp(amountFen: number, payments: number[]): number {
  let rate = 0.01;
  for (let step = 0; step < 50; step += 1) {
    let npv = -amountFen;
    let slope = 0;
    payments.forEach((payment, index) => {
      const k = index + 1;
      npv += payment / (1 + rate) ** k;
      slope -= (k * payment) / (1 + rate) ** (k + 1);
    });
    rate -= npv / slope;
  }
  return Math.round(rate * 12 * 10_000);
}

describe('payoff: interest only for the time the principal was outstanding', () => {
  it('¥6,000 over 6 months paid off on the day it was disbursed costs exactly ¥6,000.00', () => {
    const quote = payoffQuote(ledgerOf(600_000, 6, 75, 28), { amountFen: 600_000, monthlyRateBp: 75, startDate: START, today: START });
    expect(quote).toMatchObject({ principalFen: 600_000, interestFen: 0, feeFen: 0, penaltyFen: 0, totalFen: 600_000 });
  });

  it('the same loan paid off 45 days after disbursal, period 1 paid on its due date', () => {
    // Schedule (0.75 %/month, fee 0.28 % of 6,000 = 16.80/month): period 1 due 2026-02-15,
    // principal 981.41 + interest 45.00 + fee 16.80 = 1,043.21, paid that day.
    // Day 45 is 2026-03-01: 14 days since 2026-02-15. The scheduled balance after period 1 is
    // 6,000.00 − 981.41 = 5,018.59; interest at 0.75 % × 12 / 365 a day for 14 days:
    // 5,018.59 × 0.09 × 14 / 365 = 17.3245… → 17.32. No fee: period 2's month has not ended.
    // Payoff: 5,018.59 + 17.32 = 5,035.91.
    const instalments = ledgerOf(600_000, 6, 75, 28);
    instalments[0].paid = true;
    const quote = payoffQuote(instalments, { amountFen: 600_000, monthlyRateBp: 75, startDate: START, today: '2026-03-01' });
    expect(quote).toMatchObject({ principalFen: 501_859, interestFen: 1_732, feeFen: 0, penaltyFen: 0, totalFen: 503_591 });
  });

  it('the last month of interest, a day before it is due, is less than the schedule asks', () => {
    const instalments = ledgerOf(600_000, 3, 80, 0);
    instalments[0].paid = true;
    instalments[1].paid = true;
    // Period 3 runs from 2026-03-15 to 2026-04-15; on 2026-04-14 thirty days have accrued.
    const quote = payoffQuote(instalments, { amountFen: 600_000, monthlyRateBp: 80, startDate: START, today: '2026-04-14' });
    expect(quote.interestFen).toBeLessThanOrEqual(instalments[2].interestFen);
    expect(quote.totalFen).toBeLessThanOrEqual(instalments[2].principalFen + instalments[2].interestFen);
  });

  it('an instalment already due and unpaid is charged whole, with its penalty', () => {
    const instalments = ledgerOf(600_000, 6, 75, 28);
    instalments[0].penaltyFen = 720;
    const quote = payoffQuote(instalments, { amountFen: 600_000, monthlyRateBp: 75, startDate: START, today: '2026-03-01' });
    expect(quote.principalFen).toBe(600_000);
    expect(quote.interestFen).toBe(4_500 + 1_732);
    expect(quote.feeFen).toBe(1_680);
    expect(quote.penaltyFen).toBe(720);
    // 6,000.00 + 62.32 + 16.80 + 7.20: the penalty is owed on top.
    expect(quote.totalFen).toBe(608_632);
  });

  it('paid off on a due date, that instalment is due: charged its scheduled interest and fee, no accrued days', () => {
    // 2026-02-15 is period 1's due date: 6,000.00 + interest 45.00 + fee 16.80 = 6,061.80.
    // Were it not yet due, 31 days of accrued interest and no fee would make 6,045.86.
    const quote = payoffQuote(ledgerOf(600_000, 6, 75, 28), {
      amountFen: 600_000,
      monthlyRateBp: 75,
      startDate: START,
      today: '2026-02-15',
    });
    expect(quote).toMatchObject({ principalFen: 600_000, interestFen: 4_500, feeFen: 1_680, penaltyFen: 0, totalFen: 606_180 });
    expect(quote.parts.slice(0, 2)).toEqual([
      { period: 1, principalFen: 98_141, interestFen: 4_500, feeFen: 1_680, penaltyFen: 0 },
      { period: 2, principalFen: 98_877, interestFen: 0, feeFen: 0, penaltyFen: 0 },
    ]);
  });
});

describe('annual percentage rate', () => {
  it.each([
    [3, 80, 30],
    [6, 75, 28],
    [12, 70, 25],
    [24, 65, 22],
  ])('%i months at %i bp + %i bp fee agrees with an independent IRR', (term, rate, fee) => {
    const schedule = computeSchedule({ amountFen: 1_000_000, term, monthlyRateBp: rate, monthlyFeeBp: fee, startDate: START });
    const payments = schedule.instalments.map((item) => item.totalFen);
    const apr = annualRateBp(1_000_000, payments);
    expect(Math.abs(apr - newtonAprBp(1_000_000, payments))).toBeLessThanOrEqual(1);
    // Above monthly rate × 12, which leaves out the fee and the shrinking balance.
    expect(apr).toBeGreaterThan(rate * 12);
  });

  it('of an offer is that of the schedule the borrower would sign: 14.96% for 3 months at 0.80% + 0.30%', () => {
    expect(priceAprBp(1_000_000, 3, 80, 30)).toBe(1496);
    expect(priceAprBp(1_000_000, 12, 70, 25)).toBe(1376);
  });

  it('is zero when nothing more than the amount is paid back', () => {
    expect(annualRateBp(100_000, [50_000, 50_000])).toBe(0);
  });
});

describe('what can be paid, and its price', () => {
  it('offers the unpaid instalments not held by a proof, and prices the chosen ones with their penalty', () => {
    const instalments = ledgerOf(600_000, 6, 75, 28);
    instalments[0].paid = true;
    instalments[1].underReview = true;
    instalments[2].penaltyFen = 520;
    expect(payablePeriods(instalments)).toEqual([3, 4, 5, 6]);
    // Periods 3 and 4: 1,043.21 each, and period 3's 5.20 penalty.
    expect(priceOfPeriods(instalments, [3, 4])).toBe(104_321 + 520 + 104_321);
  });
});

describe('owed now', () => {
  const item = (period: number, status: 'unpaid' | 'overdue' | 'paid', under_review = false) => ({ period, status, under_review });

  it('is every overdue instalment when any is overdue', () => {
    expect(owedNow([item(1, 'overdue'), item(2, 'overdue'), item(3, 'overdue'), item(4, 'unpaid')]).map((i) => i.period)).toEqual([
      1, 2, 3,
    ]);
  });

  it('is the next instalment when nothing is overdue, skipping one under review', () => {
    expect(owedNow([item(1, 'paid'), item(2, 'unpaid', true), item(3, 'unpaid')]).map((i) => i.period)).toEqual([3]);
  });

  it('is nothing for a settled loan', () => {
    expect(owedNow([item(1, 'paid')])).toStrictEqual([]);
  });
});

/** A random loan and a random life: payments of the earliest payable periods, proofs, days passing, a payoff. */
const loanArb = fc.record({
  amountFen: fc.integer({ min: 1_000, max: 500_000 }).map((yuan) => yuan * 100),
  term: fc.constantFrom(3, 6, 12, 24),
  rate: fc.integer({ min: 0, max: 200 }),
  fee: fc.integer({ min: 0, max: 100 }),
});

type Step =
  | { kind: 'pay'; count: number }
  | { kind: 'proof'; count: number }
  | { kind: 'withdraw' }
  | { kind: 'days'; days: number }
  | { kind: 'payoff' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('proof' as const), count: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('withdraw' as const) }),
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ kind: fc.constant('payoff' as const) }),
);

describe('the ledger over random loans and sequences of payments, proofs and payoffs', () => {
  it('collects exactly the amount lent as principal, settles no instalment twice, and never charges a payoff more than the schedule left plus penalties', () => {
    fc.assert(
      fc.property(loanArb, fc.array(stepArb, { maxLength: 25 }), ({ amountFen, term, rate, fee }, steps) => {
        const instalments = ledgerOf(amountFen, term, rate, fee);
        const settledTimes = new Map<number, number>();
        let principalCollected = 0;
        let day = 0;
        const today = () => addDays(START, day);
        const settle = (periods: number[]) => {
          for (const period of periods) {
            const item = instalments.find((candidate) => candidate.period === period)!;
            settledTimes.set(period, (settledTimes.get(period) ?? 0) + 1);
            principalCollected += item.principalFen;
            item.paid = true;
            item.underReview = false;
          }
        };
        for (const step of steps) {
          if (step.kind === 'days') day += step.days;
          if (step.kind === 'pay' || step.kind === 'proof') {
            const periods = payablePeriods(instalments).slice(0, step.count);
            if (step.kind === 'pay') settle(periods);
            else periods.forEach((period) => (instalments[period - 1].underReview = true));
          }
          if (step.kind === 'withdraw') instalments.forEach((item) => (item.underReview = false));
          if (step.kind === 'payoff') {
            const quote = payoffQuote(instalments, { amountFen, monthlyRateBp: rate, startDate: START, today: today() });
            const unpaid = instalments.filter((item) => !item.paid);
            const remaining = priceOfPeriods(
              unpaid,
              unpaid.map((item) => item.period),
            );
            expect(quote.totalFen).toBeLessThanOrEqual(remaining);
            expect(quote.parts.reduce((sum, part) => sum + part.principalFen + part.interestFen + part.feeFen + part.penaltyFen, 0)).toBe(
              quote.totalFen,
            );
            settle(unpaid.map((item) => item.period));
          }
        }
        settle(instalments.filter((item) => !item.paid).map((item) => item.period));
        expect(principalCollected).toBe(amountFen);
        expect([...settledTimes.values()].every((times) => times === 1)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a payoff is never dearer than paying the remaining schedule, on any day', () => {
    fc.assert(
      fc.property(
        loanArb,
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 24 }),
        ({ amountFen, term, rate, fee }, day, paidCount) => {
          const instalments = ledgerOf(amountFen, term, rate, fee);
          instalments.slice(0, Math.min(paidCount, term)).forEach((item) => (item.paid = true));
          const unpaid = instalments.filter((item) => !item.paid);
          const quote = payoffQuote(instalments, { amountFen, monthlyRateBp: rate, startDate: START, today: addDays(START, day) });
          expect(quote.principalFen).toBe(unpaid.reduce((sum, item) => sum + item.principalFen, 0));
          expect(quote.totalFen).toBeLessThanOrEqual(
            priceOfPeriods(
              unpaid,
              unpaid.map((item) => item.period),
            ),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the schedule always lends exactly its amount and its APR is at least the nominal rate', () => {
    fc.assert(
      fc.property(loanArb, ({ amountFen, term, rate, fee }) => {
        const schedule = computeSchedule({ amountFen, term, monthlyRateBp: rate, monthlyFeeBp: fee, startDate: START });
        expect(schedule.instalments.reduce((sum, item) => sum + item.principalFen, 0)).toBe(amountFen);
        expect(schedule.instalments[term - 1].dueDate).toBe(addMonths(START, term));
        const apr = annualRateBp(
          amountFen,
          schedule.instalments.map((item) => item.totalFen),
        );
        expect(apr).toBeGreaterThanOrEqual(rate * 12 - 1);
      }),
      { numRuns: 300 },
    );
  });
});
