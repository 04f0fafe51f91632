/**
 * Installs the shell's service worker (`shell/worker/`, built into `sw.js` beside the page) in
 * production builds, once the page has loaded so that it never competes with the first visit's
 * own requests. Development and tests run without one.
 */
export function registerServiceWorker(win: Window = window): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in win.navigator)) return;
  const register = () => void install(win).catch(() => {});
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}

async function install(win: Window): Promise<void> {
  const { serviceWorker } = win.navigator;
  const firstVisit = !serviceWorker.controller;
  await serviceWorker.register('sw.js');
  if (!firstVisit) return;
  // The first visit's files came from the network before the worker ran: it keeps them now (by
  // its own rules: personal API data is still never kept), so a second visit can start offline.
  const worker = (await serviceWorker.ready).active;
  const loaded = win.performance.getEntriesByType('resource').map((entry) => entry.name);
  worker?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [win.location.href.split('#')[0], ...loaded] } });
}
