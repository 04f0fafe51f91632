import { ADMIN_ENDPOINTS, type OperatorSession } from '@instalment/shared/api';
import { createHost, withQuery, type HostUi } from '@instalment/shared/host';
import type { OperatorInfo } from '@instalment/shared/ops';

const OPERATOR_KEY = 'operator';

/**
 * The console's Host: the HTTP client sends the operator's token as a bearer, the session lives
 * in this tab only (sessionStorage: a shared staff computer keeps nothing once the tab is
 * closed), navigation is the hash.
 */
export function createOpsHost(apiBaseURL: string, ui: HostUi, onLoggedOut: () => void, win: Window = window) {
  const storage = win.sessionStorage;
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
        return JSON.parse(storage.getItem(OPERATOR_KEY) ?? 'null') as OperatorInfo | null;
      } catch {
        return null;
      }
    },
    async login(username: string, password: string, totp: string): Promise<OperatorInfo> {
      const session = await host.http.post<OperatorSession>(ADMIN_ENDPOINTS.login, { username, password, totp }, { toast: false });
      host.session.setToken(session.token, Math.floor(Date.parse(session.expires_at) / 1000));
      const operator = { username, roles: session.roles };
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

export type OpsHost = ReturnType<typeof createOpsHost>;
