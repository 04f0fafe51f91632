import type { Instalment, Money } from '@instalment/contract/api';
import { checkPeriodSelection, fromFen, isPayable, parsePeriods, toFen } from '@instalment/contract/loan';

/** Periods that can be paid now (unpaid, no proof under review), earliest first. */
export function openPeriods(list: readonly Instalment[]): number[] {
  return list
    .filter(isPayable)
    .map((item) => item.period)
    .sort((a, b) => a - b);
}

/**
 * What is due now: every overdue instalment plus the periods before them, or at least the
 * earliest unpaid one. A valid selection under the no-skipping rule by construction.
 */
export function dueNowSelection(list: readonly Instalment[]): number[] {
  const open = openPeriods(list);
  const overdue = new Set(list.filter((item) => item.status === 'overdue').map((item) => item.period));
  let last = 0;
  open.forEach((period, index) => {
    if (overdue.has(period)) last = index;
  });
  return open.slice(0, Math.min(open.length, last + 1));
}

/** The selection a page opens with: the periods the link asked for when they are a valid choice, else what is due now. */
export function initialSelection(list: readonly Instalment[], requested?: string): number[] {
  const periods = parsePeriods(requested);
  if (periods && periods.length > 0 && checkPeriodSelection(openPeriods(list), periods) === null) {
    return [...periods].sort((a, b) => a - b);
  }
  return dueNowSelection(list);
}

/** Sum of the selected instalments' totals, added in fen. */
export function selectedTotal(list: readonly Instalment[], selected: readonly number[]): Money {
  const fen = list.filter((item) => selected.includes(item.period)).reduce((sum, item) => sum + (toFen(item.total) ?? 0), 0);
  return fromFen(fen);
}
