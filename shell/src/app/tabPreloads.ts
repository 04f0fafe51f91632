import { loadExposedAtIdle, prepareExposed } from '@instalment/federation/loader';
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

/** What the browser says of the reader's connection (the Network Information API, where it has one). */
type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * A reader who asked the browser to save data, or on a 2G connection (where a tab's code takes
 * seconds), pays for a tab's code when they touch the tab, not before.
 */
function allowsIdleFetch(connection: Connection | undefined): boolean {
  return !connection?.saveData && connection?.effectiveType !== '2g' && connection?.effectiveType !== 'slow-2g';
}

/** The path the hash router is on. */
function currentHashPath(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] || '/';
}

/**
 * Once the browser is idle after the first paint of a page with the tab bar: the code of the
 * pages the tab bar opens, loaded and run, so that a tap draws its page from code in memory. One
 * page after the other, each when the browser is idle again, so the fetch never competes with what
 * the page still draws; not the page the reader is on, and nothing already loaded
 * (loadExposedAtIdle).
 */
export function preloadTabPagesWhenIdle(
  routes: RouteTable,
  idle: (task: () => void) => void = whenIdle,
  connection: Connection | undefined = (navigator as Navigator & { connection?: Connection }).connection,
  currentPath: () => string = currentHashPath,
): void {
  if (!allowsIdleFetch(connection)) return;
  const loadFrom = (first: number): void =>
    idle(() => {
      for (let index = first; index < TABS.length; index += 1) {
        const path = TABS[index].path;
        const page = path === currentPath() ? undefined : tabRoute(routes, path)?.page;
        if (page) {
          void loadExposedAtIdle(page.remote, page.module).then(() => loadFrom(index + 1));
          return;
        }
      }
    });
  loadFrom(0);
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
