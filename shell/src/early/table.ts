import { openingTable, type OpeningTable } from '@instalment/federation/pages';
import { TOKEN_HEADER } from '@instalment/contract/api/endpoints';
import { LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@instalment/contract/i18n';
import { STORAGE_KEYS } from '@instalment/host-sdk/session';

/**
 * The inline script's `data-exposes`: what each route opens with, where the session is kept and
 * how its token travels, and where the language the reader chose in the app is kept.
 */
export interface EarlyTable extends OpeningTable {
  session: { token: string; expires: string; header: string };
  language: { key: string; locales: readonly Locale[] };
}

export function earlyTable(): EarlyTable {
  return {
    ...openingTable(),
    session: { token: STORAGE_KEYS.token, expires: STORAGE_KEYS.tokenExpireTime, header: TOKEN_HEADER },
    language: { key: LOCALE_STORAGE_KEY, locales: LOCALES },
  };
}
