import { computeSchedule } from './schedule';

/**
 * The annual percentage rate a lender must disclose (PBoC announcement [2021] No. 3): the
 * internal rate of return of what the borrower receives against everything they pay back, fees
 * included, per month, times 12. Monthly rate × 12 understates the cost of an equal-instalment
 * loan because the principal shrinks each month while the fee is charged on the original amount.
 */

/** Present value of monthly payments at monthly rate r, the first one month out. */
function presentValue(paymentsFen: readonly number[], rate: number): number {
  return paymentsFen.reduce((sum, payment, index) => sum + payment / Math.pow(1 + rate, index + 1), 0);
}

/**
 * The monthly IRR by bisection: the present value falls as the rate rises, so the root is
 * bracketed between 0 and a rate no consumer loan reaches; 100 halvings leave no float error.
 */
export function monthlyIrr(amountFen: number, paymentsFen: readonly number[]): number {
  // Stryker disable next-line all: an early answer; bisection from 0 ends at 0 bp all the same.
  if (paymentsFen.reduce((sum, payment) => sum + payment, 0) <= amountFen) return 0;
  let low = 0;
  let high = 1;
  // Stryker disable next-line EqualityOperator: a 101st halving moves the rate by less than a bp can show.
  for (let step = 0; step < 100; step += 1) {
    const mid = (low + high) / 2;
    // Stryker disable next-line EqualityOperator: an exact tie at a float moves the rate by less than a bp can show.
    if (presentValue(paymentsFen, mid) > amountFen) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** 12 × the monthly IRR of `amountFen` disbursed against `paymentsFen` (each instalment with its fee), in bp. */
export function annualRateBp(amountFen: number, paymentsFen: readonly number[]): number {
  return Math.round(monthlyIrr(amountFen, paymentsFen) * 12 * 10_000);
}

/**
 * The APR of a price (term, monthly rate, monthly fee) on a given amount, from the schedule the
 * borrower would sign. Amount and start date move it only through rounding to the fen.
 */
export function priceAprBp(amountFen: number, term: number, monthlyRateBp: number, monthlyFeeBp: number): number {
  const schedule = computeSchedule({ amountFen, term, monthlyRateBp, monthlyFeeBp, startDate: '2000-01-01' });
  return annualRateBp(
    amountFen,
    schedule.instalments.map((item) => item.totalFen),
  );
}

/** The amount the APR of an offer (GET /api/loan/rates) is computed on: ¥10,000. */
export const APR_REFERENCE_AMOUNT_FEN = 1_000_000;

/** The legal ceiling of the annual rate a lender may charge (bp): the server refuses a price above it, the console flags it first. */
export const APR_CEILING_BP = 3600;
