import { openingTable, type OpeningTable } from '@instalment/federation/pages';
import { STORAGE_KEYS } from '@instalment/host-sdk/session';

/** The inline script's `data-exposes`: what each route opens with, and where the session is kept. */
export interface EarlyTable extends OpeningTable {
  session: { token: string; expires: string };
}

export function earlyTable(): EarlyTable {
  return { ...openingTable(), session: { token: STORAGE_KEYS.token, expires: STORAGE_KEYS.tokenExpireTime } };
}
