import { TOKEN_HEADER } from '@instalment/contract/api/endpoints';
import { callName } from '@instalment/host-sdk/http';
import type { Route } from '@instalment/federation/pages';
import { EARLY_CALL_MAX_AGE_MS } from './handover';

/** Where the app's API is and whose session calls it: the host's, at the moment of asking. */
export interface Caller {
  apiBaseURL: string;
  token: string;
}

/**
 * Starts a page's opening calls before its code asks for them (a finger on its tab: the click
 * that opens the page is about 100 ms away, and its code takes longer still). They go into the
 * table the inline script fills for the route the app opens on, under the names the HTTP client
 * gives a GET, so the page's own GET takes the answer (takeEarlyCall: once, same token, fresh).
 * None for a page that needs a session the device does not hold, none that needs a query (a tab
 * has none), and none already on its way with the same token.
 */
export function startOpeningCalls(route: Route, caller: Caller): void {
  if (route.needsLogin && !caller.token) return;
  const started = (window.__instalmentEarlyCalls ??= {});
  const base = caller.apiBaseURL.replace(/\/+$/, '');
  for (const call of route.opensWith ?? []) {
    if (call.fromQuery?.length) continue;
    const name = callName(call.endpoint, call.params);
    const known = started[name];
    if (known && known.token === caller.token && performance.now() - known.at < EARLY_CALL_MAX_AGE_MS) continue;
    // Read through at once, as the inline script does: an answer nobody takes (the finger slid
    // off the tab) must not stay a request in flight.
    const answer = fetch(new URL(base + name, window.location.href).href, {
      headers: caller.token ? { [TOKEN_HEADER]: caller.token } : {},
      credentials: 'omit',
    }).then((response) => response.blob().then((body) => new Response(body, { status: response.status, statusText: response.statusText })));
    answer.catch(() => undefined);
    started[name] = { token: caller.token, at: performance.now(), answer };
  }
}
