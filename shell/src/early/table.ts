import { openingTable, type OpeningTable } from '@instalment/federation/pages';
import { TOKEN_HEADER } from '@instalment/contract/api/endpoints';
import { STORAGE_KEYS } from '@instalment/host-sdk/session';

/** The inline script's `data-exposes`: what each route opens with, where the session is kept and how its token travels. */
export interface EarlyTable extends OpeningTable {
  session: { token: string; expires: string; header: string };
}

export function earlyTable(): EarlyTable {
  return { ...openingTable(), session: { token: STORAGE_KEYS.token, expires: STORAGE_KEYS.tokenExpireTime, header: TOKEN_HEADER } };
}
