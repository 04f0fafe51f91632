import { preloadEntry, prepareExposed } from '@instalment/federation/loader';
import { TABS, type Exposed, type Route } from '@instalment/federation/pages';
import type { RouteTable } from '../host/routes';

/**
 * Runs `task` once the page has loaded and the browser has nothing else to do (a browser without
 * idle callbacks: in a task of its own), so it never competes with what the page itself draws with.
 */
export function whenIdle(task: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => task()) : setTimeout(task, 0));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The remote page a tab opens, as the route table has it now (a remote's deployment decides its module). */
function tabRoute(routes: RouteTable, path: string): (Route & { page: Exposed }) | undefined {
  const route = routes.find(path);
  return route && route !== 'pending' && route.page !== 'home' ? (route as Route & { page: Exposed }) : undefined;
}

/**
 * Once the browser is idle after the first paint of a page with the tab bar: the entries of the
 * remotes the tab bar opens, so switching tab fetches its page's chunk alone. Entries already
 * loaded are not asked again.
 */
export function preloadTabEntriesWhenIdle(
  routes: RouteTable,
  idle: (task: () => void) => void = whenIdle,
  connection: { saveData?: boolean } | undefined = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection,
): void {
  // A reader who asked the browser to save data pays for a tab's code when they touch the tab, not before.
  if (connection?.saveData) return;
  idle(() => {
    for (const tab of TABS) {
      const page = tabRoute(routes, tab.path)?.page;
      if (page) preloadEntry(page.remote);
    }
  });
}

/**
 * On pointer-down on a tab: its page's code, fetched and run in the time until the click that
 * opens it, so the click draws the page in its own frame; and the calls the page opens with, so
 * its data is on its way before its code asks (`startCalls`).
 */
export function prepareTab(routes: RouteTable, path: string, startCalls: (route: Route) => void): void {
  const route = tabRoute(routes, path);
  if (!route) return;
  prepareExposed(route.page.remote, route.page.module);
  startCalls(route);
}
