import type { CalendarDate } from '../api/types/common';
import { addMonths } from './dates';

/**
 * The repayment schedule: equal monthly instalments of principal and interest, computed in
 * integer fen. Client (apply preview) and server (disbursal) both call this one function.
 *
 * Payment M = P·r·(1+r)^n / ((1+r)^n − 1), rounded to the fen. Each period's interest is the
 * outstanding principal × r, rounded; its principal is M − interest; the last period takes the
 * whole outstanding principal, so the principals always add up to the amount exactly. The fee is
 * flat: amount × monthly fee rate, every period.
 */
export interface ScheduleInput {
  amountFen: number;
  term: number;
  monthlyRateBp: number;
  monthlyFeeBp: number;
  /** The disbursal date; period k falls due k months later. */
  startDate: CalendarDate;
}

export interface ScheduledInstalment {
  period: number;
  dueDate: CalendarDate;
  principalFen: number;
  interestFen: number;
  feeFen: number;
  totalFen: number;
}

export interface Schedule {
  instalments: ScheduledInstalment[];
  /** Principal + interest + fee of a regular period (the first). */
  monthlyPaymentFen: number;
  totalInterestFen: number;
  totalFeeFen: number;
  totalRepaymentFen: number;
}

const BP = 10_000;

export function computeSchedule(input: ScheduleInput): Schedule {
  const { amountFen, term, monthlyRateBp, monthlyFeeBp, startDate } = input;
  if (!Number.isInteger(amountFen) || amountFen <= 0) throw new RangeError('amount must be a positive number of fen');
  if (!Number.isInteger(term) || term <= 0) throw new RangeError('term must be a positive number of months');
  const rate = monthlyRateBp / BP;
  const growth = Math.pow(1 + rate, term);
  const payment = rate === 0 ? Math.round(amountFen / term) : Math.round((amountFen * rate * growth) / (growth - 1));
  const feeFen = Math.round((amountFen * monthlyFeeBp) / BP);

  const instalments: ScheduledInstalment[] = [];
  let outstanding = amountFen;
  for (let period = 1; period <= term; period += 1) {
    const interestFen = Math.round(outstanding * rate);
    const principalFen = period === term ? outstanding : Math.min(outstanding, payment - interestFen);
    outstanding -= principalFen;
    instalments.push({
      period,
      dueDate: addMonths(startDate, period),
      principalFen,
      interestFen,
      feeFen,
      totalFen: principalFen + interestFen + feeFen,
    });
  }
  const totalInterestFen = instalments.reduce((sum, item) => sum + item.interestFen, 0);
  const totalFeeFen = feeFen * term;
  return {
    instalments,
    monthlyPaymentFen: instalments[0].totalFen,
    totalInterestFen,
    totalFeeFen,
    totalRepaymentFen: amountFen + totalInterestFen + totalFeeFen,
  };
}
