import { preloadEntry, prepareExposed } from '@instalment/federation/loader';
import { TABS, type Exposed } from '@instalment/federation/pages';
import type { RouteTable } from './routes';

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
function tabPage(routes: RouteTable, path: string): Exposed | undefined {
  const route = routes.find(path);
  return route && route !== 'pending' && route.page !== 'home' ? route.page : undefined;
}

/**
 * Once the browser is idle after the first paint of a page with the tab bar: the entries of the
 * remotes the tab bar opens, so switching tab fetches its page's chunk alone. Entries already
 * loaded are not asked again.
 */
export function preloadTabEntriesWhenIdle(routes: RouteTable, idle: (task: () => void) => void = whenIdle): void {
  idle(() => {
    for (const tab of TABS) {
      const page = tabPage(routes, tab.path);
      if (page) preloadEntry(page.remote);
    }
  });
}

/**
 * On pointer-down on a tab: its page's code, fetched and run in the time until the click that
 * opens it, so the click draws the page in its own frame.
 */
export function prepareTab(routes: RouteTable, path: string): void {
  const page = tabPage(routes, path);
  if (page) prepareExposed(page.remote, page.module);
}
