import type { CalendarDate } from '../api/types/common';
import { daysBetween } from './dates';

/**
 * The repayment ledger's rules: what is owed, for which periods, at which moment. The server's
 * ledger applies them to its books; the app shows the same figures from the same functions.
 *
 * - An instalment is settled once. An unpaid instalment covered by a pending transfer proof is
 *   reserved: it is not offered for payment until the proof is rejected or withdrawn.
 * - What is charged is what is recorded: a price is a function of the instalments and the day,
 *   so a payment is priced again when it is confirmed and refused if the price moved.
 * - Early payoff charges interest only for the time the principal was outstanding (see
 *   `payoffQuote`).
 */
export interface LedgerInstalment {
  period: number;
  dueDate: CalendarDate;
  principalFen: number;
  interestFen: number;
  feeFen: number;
  /** Accrued as of the day being priced (0 when not overdue). */
  penaltyFen: number;
  paid: boolean;
  underReview: boolean;
}

/** The rule, once: an instalment can be paid now when it is unpaid and not reserved by a proof under review. */
function payableNow(paid: boolean, underReview: boolean): boolean {
  return !paid && !underReview;
}

/** Periods the borrower can pay now (the ledger's books). */
export function payablePeriods(instalments: readonly LedgerInstalment[]): number[] {
  return instalments.filter((item) => payableNow(item.paid, item.underReview)).map((item) => item.period);
}

/** What paying `periods` costs on the day the instalments were priced for. */
export function priceOfPeriods(instalments: readonly LedgerInstalment[], periods: readonly number[]): number {
  return instalments
    .filter((item) => periods.includes(item.period))
    .reduce((sum, item) => sum + item.principalFen + item.interestFen + item.feeFen + item.penaltyFen, 0);
}

/** Days in a year for the daily rate: monthly rate × 12 / 365. */
export const DAYS_PER_YEAR = 365;

export interface PayoffTerms {
  amountFen: number;
  monthlyRateBp: number;
  /** The disbursal date: interest runs from here until the first due date. */
  startDate: CalendarDate;
  today: CalendarDate;
}

/** Where one instalment's share of a payoff goes; the parts add up to the quote. */
export interface PayoffPart {
  period: number;
  principalFen: number;
  interestFen: number;
  feeFen: number;
  penaltyFen: number;
}

export interface PayoffQuoteFen {
  principalFen: number;
  interestFen: number;
  feeFen: number;
  penaltyFen: number;
  totalFen: number;
  /** One part per unpaid instalment, so the ledger can record what each was settled for. */
  parts: PayoffPart[];
}

/**
 * Settling the whole loan today:
 * - all the principal not yet paid;
 * - the unpaid interest, fee and penalty of every instalment already due (due date ≤ today);
 * - interest accrued since the last due date on or before today (or the disbursal) on the
 *   scheduled principal balance after that date, at monthly rate × 12 / 365 a day, charged to
 *   the first instalment not yet due (at most 30 days × 12 / 365 < one month's interest, since
 *   on the 31st day of the longest month the instalment is due and charged as scheduled);
 * - nothing else: no interest or fee for months not yet begun.
 * Paid off on the day of disbursal, a loan costs exactly its amount.
 */
export function payoffQuote(instalments: readonly LedgerInstalment[], terms: PayoffTerms): PayoffQuoteFen {
  const due = (item: LedgerInstalment) => item.dueDate <= terms.today;
  const elapsed = instalments.filter(due);
  const lastDate = elapsed.length > 0 ? elapsed[elapsed.length - 1].dueDate : terms.startDate;
  const scheduledBalance = terms.amountFen - elapsed.reduce((sum, item) => sum + item.principalFen, 0);
  const days = Math.max(0, daysBetween(lastDate, terms.today));
  const accruedFen = Math.round((scheduledBalance * terms.monthlyRateBp * 12 * days) / (10_000 * DAYS_PER_YEAR));
  const current = instalments.find((item) => !due(item));

  const parts: PayoffPart[] = instalments
    .filter((item) => !item.paid)
    .map((item) => ({
      period: item.period,
      principalFen: item.principalFen,
      interestFen: due(item) ? item.interestFen : item === current ? accruedFen : 0,
      feeFen: due(item) ? item.feeFen : 0,
      penaltyFen: due(item) ? item.penaltyFen : 0,
    }));
  const sum = (pick: (part: PayoffPart) => number) => parts.reduce((total, part) => total + pick(part), 0);
  const principalFen = sum((part) => part.principalFen);
  const interestFen = sum((part) => part.interestFen);
  const feeFen = sum((part) => part.feeFen);
  const penaltyFen = sum((part) => part.penaltyFen);
  return { principalFen, interestFen, feeFen, penaltyFen, totalFen: principalFen + interestFen + feeFen + penaltyFen, parts };
}

/** Whether an instalment on the wire can be paid now (`payableNow`). */
export function isPayable(item: { status: 'unpaid' | 'overdue' | 'paid'; under_review: boolean }): boolean {
  return payableNow(item.status === 'paid', item.under_review);
}

/**
 * What the borrower owes now (the repayments headline): every overdue instalment with its
 * penalty, or, when nothing is overdue, the next instalment. Instalments under review are not
 * owed: their proof is being checked.
 */
export function owedNow<T extends { status: 'unpaid' | 'overdue' | 'paid'; under_review: boolean; period: number }>(
  instalments: readonly T[],
): T[] {
  const open = instalments.filter(isPayable);
  const overdue = open.filter((item) => item.status === 'overdue');
  if (overdue.length > 0) return overdue;
  return open.length > 0 ? [open[0]] : [];
}
