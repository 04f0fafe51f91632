import { useEffect, useState } from 'react';
import { type HttpClient, type IsoDateTime, loanRates } from '@instalment/contract/api';
import { DEFAULT_BUSINESS_TIMEZONE } from '@instalment/contract/format';
import { calendarDate } from '@instalment/contract/loan';
import { useHost } from '@instalment/host-sdk/host';
import { useApi } from '@instalment/ui/facade';

/** The lender's calendar day of a stored instant, in its business time zone: how a borrower reads a date. */
export function dayOf(instant: IsoDateTime | null | undefined, zone: string): string {
  if (!instant) return '—';
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? '—' : calendarDate(ms, zone);
}

/** The zone each app's API serves, asked once per app (its HTTP client): every page with a date reads it. */
const served = new WeakMap<HttpClient, Promise<string | undefined>>();

/**
 * The lender's business time zone as the API serves it with the loan rates (the server's
 * `BUSINESS_TIMEZONE`), so that the app's days are the books' days; the default zone until the
 * API answers (or when it cannot: asked again by the next page).
 */
export function useBusinessZone(): string {
  const { http } = useHost();
  const api = useApi({ loan: { loanRates } });
  const [zone, setZone] = useState(DEFAULT_BUSINESS_TIMEZONE);
  useEffect(() => {
    let asked = served.get(http);
    if (!asked) {
      asked = Promise.resolve()
        .then(() => api.loan.loanRates({ loading: false, toast: false }))
        .then((rates) => rates?.business_timezone);
      served.set(http, asked);
      asked.catch(() => served.delete(http));
    }
    let shown = true;
    asked.then(
      (found) => shown && found && setZone(found),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [http, api]);
  return zone;
}
