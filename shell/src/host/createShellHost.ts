import { createHost, withQuery } from '@instalment/host-sdk/host';
import { commonMessages, translator } from '@instalment/contract/i18n';
import type { RuntimeConfig } from '@instalment/federation/loader';
import { PATHS } from '@instalment/contract/paths';
import { UiStore } from '../ui/UiStore';
import { RouteTable } from './routes';
import { takeEarlyCall } from '../early/handover';

/** Where the login page sends the user back to (SPEC: pages that need login come back after it). */
const RETURN_KEY = 'returnTo';

/** What the shell's router offers the host (the hash router, through NavigationBridge). */
export interface Navigator {
  navigate(to: string | number, options?: { replace?: boolean }): unknown;
  readonly state: { location: { pathname: string; search: string } };
}

export type ShellHost = ReturnType<typeof createShellHost>;

/** The single host of the app: session, HTTP client, API, screen and navigation. */
export function createShellHost(config: Pick<RuntimeConfig, 'apiBaseURL'>, router: Navigator, win: Window = window) {
  const here = () => `${router.state.location.pathname}${router.state.location.search}`;
  const ui = new UiStore(() => translator(commonMessages, host.locale.locale)('loading'));
  const host = createHost({
    apiBaseURL: config.apiBaseURL,
    storage: win.localStorage,
    languages: win.navigator.languages ?? [win.navigator.language],
    ui,
    navigate: (path, query, options) => void router.navigate(withQuery(path, query), options),
    back: () => {
      // react-router numbers the entries it pushed; 0 is the page the app was opened on.
      const index = (win.history.state as { idx?: number } | null)?.idx ?? 0;
      if (index > 0) void router.navigate(-1);
      else void router.navigate('/', { replace: true });
    },
    requireLogin: (returnTo, options) => {
      const current = here();
      if (router.state.location.pathname === PATHS.login) return;
      win.sessionStorage.setItem(RETURN_KEY, returnTo ?? current);
      void router.navigate(PATHS.login, options);
    },
    finishLogin: () => {
      const target = win.sessionStorage.getItem(RETURN_KEY) || '/';
      win.sessionStorage.removeItem(RETURN_KEY);
      void router.navigate(target, { replace: true });
    },
    routeUrl: (path, query) => `${win.location.origin}${win.location.pathname}#${withQuery(path, query)}`,
    takeEarly: takeEarlyCall,
  });
  return Object.assign(host, { uiStore: ui, routes: new RouteTable() });
}
