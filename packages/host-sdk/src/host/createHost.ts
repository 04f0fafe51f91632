import { createHttpClient, type TakeEarlyCall } from '@instalment/host-sdk/http';
import { commonMessages } from '@instalment/contract/i18n';
import { LocaleStore } from '@instalment/host-sdk/locale';
import { translator } from '@instalment/contract/i18n';
import type { Host, HostUi, Query, RefreshHandler } from './host';
import { SessionStore } from '@instalment/host-sdk/session';

export interface HostParts {
  apiBaseURL: string;
  ui: HostUi;
  storage: Storage;
  languages: readonly string[];
  navigate: Host['navigate'];
  back: Host['back'];
  requireLogin: Host['requireLogin'];
  finishLogin: Host['finishLogin'];
  routeUrl: Host['routeUrl'];
  /** The operations console sends its operator's token as `Authorization: Bearer`. */
  tokenAs?: 'token' | 'bearer';
  /** The answers the host page already asked for (the shell's index.html), taken by the HTTP client. */
  takeEarly?: TakeEarlyCall;
}

/** A small event channel for the page-level events the host relays (tab tap, pull-down refresh). */
export class Channel<H extends (...args: never[]) => unknown> {
  private readonly handlers = new Set<H>();
  on(handler: H): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
  get size(): number {
    return this.handlers.size;
  }
  emit(...args: Parameters<H>): Array<ReturnType<H>> {
    return [...this.handlers].map((handler) => handler(...args) as ReturnType<H>);
  }
}

/** The page's language follows the chosen one, so a screen reader speaks it right (WCAG 3.1.1). */
function followLocale(locale: LocaleStore): void {
  if (typeof document === 'undefined') return;
  const apply = () => document.documentElement.setAttribute('lang', locale.locale);
  apply();
  locale.subscribe(apply);
}

/**
 * Builds the single session and HTTP client of an app around the screen it runs on. The
 * shell calls it once; each remote's standalone harness calls it with a plainer screen.
 */
export function createHost(parts: HostParts): Host & { refresh: Channel<RefreshHandler>; tabTap: Channel<() => void> } {
  const session = new SessionStore(parts.storage);
  const locale = new LocaleStore(parts.storage, parts.languages);
  const refresh = new Channel<RefreshHandler>();
  const tabTap = new Channel<() => void>();
  const http = createHttpClient({
    baseURL: parts.apiBaseURL,
    getToken: () => session.token,
    tokenAs: parts.tokenAs,
    onUnauthorized: () => {
      session.clear();
      parts.requireLogin();
    },
    ui: {
      toast: (message, kind) => parts.ui.toast(message, kind),
      showLoading: (text) => parts.ui.showLoading(text),
      hideLoading: () => parts.ui.hideLoading(),
    },
    t: (key) => translator(commonMessages, locale.locale)(key),
    getLocale: () => locale.locale,
    takeEarly: parts.takeEarly,
  });
  followLocale(locale);
  session.restore();
  return {
    session,
    locale,
    http,
    ui: parts.ui,
    apiBaseURL: parts.apiBaseURL,
    navigate: parts.navigate,
    back: parts.back,
    requireLogin: parts.requireLogin,
    finishLogin: parts.finishLogin,
    routeUrl: parts.routeUrl,
    onPullDownRefresh: (handler) => refresh.on(handler),
    onTabTap: (handler) => tabTap.on(handler),
    refresh,
    tabTap,
  };
}

/** A path and its query as one URL: `/a/b` + { order_no: 'L1' } → `/a/b?order_no=L1`. */
export function withQuery(path: string, query?: Query): string {
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}
