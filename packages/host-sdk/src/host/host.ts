import { createContext, useContext } from 'react';
import type { HttpClient } from '@instalment/host-sdk/http';
import type { LocaleStore } from '@instalment/host-sdk/locale';
import type { SessionStore } from '@instalment/host-sdk/session';

export type Query = Record<string, string>;

/** What the shell's screen offers a page: toasts, the loading overlay, a confirmation dialog. */
export interface HostUi {
  toast(message: string, kind?: 'error' | 'info' | 'success'): void;
  showLoading(text?: string): void;
  hideLoading(): void;
  confirm(message: string, options?: { confirmText?: string; cancelText?: string }): Promise<boolean>;
}

export type Unsubscribe = () => void;

/** A page's pull-down-refresh handler: the refresh stops when its promise settles. */
export type RefreshHandler = () => Promise<unknown> | void;

/**
 * The one door through which a remote page reaches the shell (DESIGN §2). The shell provides
 * the real one; each remote's standalone harness builds its own. It carries state, not calls:
 * a remote binds its own API calls to `http` (`useApi(...)`, @instalment/ui/facade).
 */
export interface Host {
  session: SessionStore;
  http: HttpClient;
  locale: LocaleStore;
  ui: HostUi;
  /** Base URL of the API (for files and the payment gateway). */
  apiBaseURL: string;
  /** Goes to an app route, e.g. navigate(PATHS.loanDetail, { order_no }). */
  navigate(path: string, query?: Query, options?: { replace?: boolean }): void;
  /** Back; with only one page in history, to '/' (SPEC §2). */
  back(): void;
  /** Sends a logged-out user to login, to come back to `returnTo` (default: here) afterwards. */
  requireLogin(returnTo?: string, options?: { replace?: boolean }): void;
  /** After a login: back to the page that sent the user to login, else '/'. */
  finishLogin(): void;
  /** The app URL of a route, for links that leave and come back (payment gateway return). */
  routeUrl(path: string, query?: Query): string;
  onPullDownRefresh(handler: RefreshHandler): Unsubscribe;
  onTabTap(handler: () => void): Unsubscribe;
}

export const HostContext = createContext<Host | null>(null);

export function useHost(): Host {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() outside a HostContext provider: render the page inside the shell or a harness');
  return host;
}

/** What every page component receives: the route's query parameters (SPEC §2). */
export interface PageProps {
  query: Query;
}
