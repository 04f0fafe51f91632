import type { CalendarDate } from '../api/types/common';
import { daysBetween } from './dates';

/**
 * What being late costs: after the grace days, an unpaid instalment is overdue and accrues
 * `dailyPenaltyBp` of its principal + interest for every day past its due date.
 */
export function overdueDays(dueDate: CalendarDate, today: CalendarDate, graceDays: number): number {
  const late = daysBetween(dueDate, today);
  return late > graceDays ? late : 0;
}

export function penaltyFen(principalAndInterestFen: number, days: number, dailyPenaltyBp: number): number {
  return days > 0 ? Math.round((principalAndInterestFen * dailyPenaltyBp * days) / 10_000) : 0;
}
