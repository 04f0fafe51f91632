import { ADMIN_ENDPOINTS, type OperatorSession } from '@instalment/contract/api';
import { createHost, withQuery, type HostUi } from '@instalment/host-sdk/host';
import { DEFAULT_BUSINESS_TIMEZONE } from '@instalment/contract/format';
import type { OperatorInfo } from '@instalment/ui/console';

const OPERATOR_KEY = 'operator';

/**
 * The console's Host: the HTTP client sends the operator's token as a bearer, the session lives
 * in this browser's storage until it expires (a working day) or the operator signs out, so a loan
 * opened in a new tab needs no new sign-in; navigation is the hash.
 */
export function createConsoleHost(apiBaseURL: string, ui: HostUi, onLoggedOut: () => void, win: Window = window) {
  const storage = win.localStorage;
  const go = (path: string, query?: Record<string, string>) => {
    win.location.hash = withQuery(path, query);
  };
  const host = createHost({
    apiBaseURL,
    storage,
    languages: win.navigator.languages ?? [win.navigator.language],
    ui,
    tokenAs: 'bearer',
    navigate: (path, query) => go(path, query),
    back: () => win.history.back(),
    requireLogin: () => {
      host.session.clear();
      storage.removeItem(OPERATOR_KEY);
      onLoggedOut();
    },
    finishLogin: () => go('/'),
    routeUrl: (path, query) => `${win.location.origin}${win.location.pathname}#${withQuery(path, query)}`,
  });

  return Object.assign(host, {
    operator(): OperatorInfo | null {
      if (!host.session.isLoggedIn) return null;
      try {
        const stored = JSON.parse(storage.getItem(OPERATOR_KEY) ?? 'null') as OperatorInfo | null;
        // A session kept from before the server named its zone shows times in the default one.
        return stored && { ...stored, business_timezone: stored.business_timezone ?? DEFAULT_BUSINESS_TIMEZONE };
      } catch {
        return null;
      }
    },
    async login(username: string, password: string, totp: string): Promise<OperatorInfo> {
      const session = await host.http.post<OperatorSession>(ADMIN_ENDPOINTS.login, { username, password, totp }, { toast: false });
      host.session.setToken(session.token, Math.floor(Date.parse(session.expires_at) / 1000));
      const operator = { username, roles: session.roles, business_timezone: session.business_timezone };
      storage.setItem(OPERATOR_KEY, JSON.stringify(operator));
      return operator;
    },
    async logout(): Promise<void> {
      await host.http.post(ADMIN_ENDPOINTS.logout, undefined, { toast: false }).catch(() => undefined);
      host.session.clear();
      storage.removeItem(OPERATOR_KEY);
    },
  });
}

export type ConsoleHost = ReturnType<typeof createConsoleHost>;
