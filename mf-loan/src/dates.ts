import type { IsoDateTime } from '@instalment/contract/api';
import { calendarDate } from '@instalment/contract/loan';

/** The platform's calendar day of a stored instant, which is how a borrower reads a date. */
export function dayOf(instant: IsoDateTime | null | undefined): string {
  if (!instant) return '—';
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? '—' : calendarDate(ms);
}
