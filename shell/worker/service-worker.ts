import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ENDPOINTS } from '@instalment/contract/api/endpoints';
import { HASHED_NAME } from '../../scripts/hashed-names';
import { REACHABILITY_MESSAGE, type ReachabilityMessage } from '../src/offline/reachability';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/**
 * The shell's service worker (DESIGN §6, returning visitors): the app starts from the device.
 *
 * - The shell's own files are precached at install; its page, `config.json` and the remotes'
 *   manifests are served at once from the last good copy while they are revalidated, so a
 *   re-pointed remote, a remote's deploy or a shell's deploy is picked up on the next start and
 *   never leaves the app stuck on an old build.
 * - The remotes' files are named by their content: once fetched they are served from the cache.
 * - A waiting worker is not forced in: a page in use keeps the files it started with.
 * - Personal API data is never cached (it is not routed here at all). The news and the rates,
 *   the same for everyone, are served from the last copy while revalidated, so what was read is
 *   there offline.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const ok = new CacheableResponsePlugin({ statuses: [200] });

/**
 * Tells the pages when the servers stop or start answering (`src/offline/reachability.ts`). A
 * failure is told every time: the page that needs to hear it may not have been listening at the
 * last one (a reload's own request fails before its page runs).
 */
let reachable = true;
async function tell(now: boolean): Promise<void> {
  if (now && reachable) return;
  reachable = now;
  const message: ReachabilityMessage = { type: REACHABILITY_MESSAGE, reachable: now };
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}
const reachability = {
  fetchDidFail: async () => tell(false),
  fetchDidSucceed: async ({ response }: { response: Response }) => {
    void tell(true);
    return response;
  },
};

/** The page: a navigation, or the page's own address when the first visit hands its files over. */
const page = new URL(self.registration.scope).pathname;
registerRoute(
  ({ url, request, sameOrigin }) =>
    request.mode === 'navigate' || (sameOrigin && (url.pathname === page || url.pathname === `${page}index.html`)),
  new StaleWhileRevalidate({ cacheName: 'shell-page', plugins: [ok, reachability] }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('/config.json'),
  new StaleWhileRevalidate({ cacheName: 'shell-config', plugins: [ok, reachability] }),
);

/**
 * A manifest asked for with `cache: 'reload'` is the loader starting a remote afresh after a
 * failed load (its files may have been replaced): that one goes to the network first.
 */
const manifestNow = new NetworkFirst({ cacheName: 'remote-manifests', plugins: [ok, reachability] });
const manifestAtOnce = new StaleWhileRevalidate({ cacheName: 'remote-manifests', plugins: [ok, reachability] });
registerRoute(
  ({ url }) => url.pathname.endsWith('/mf-manifest.json'),
  (options) => (options.request.cache === 'reload' ? manifestNow : manifestAtOnce).handle(options),
);

/**
 * Remote entries and chunks come from other origins. The hosts ask for them in CORS mode, but a
 * remote built before its chunk loading did (webpack/app.js) asks as a plain script, whose answer
 * nobody can read (opaque): the worker fetches every one with CORS (the deployments allow it), so
 * only a real 200 is kept, never a failure that would then be served for good.
 */
const asCors = {
  requestWillFetch: async ({ request }: { request: Request }) => new Request(request.url, { mode: 'cors', credentials: 'omit' }),
};
registerRoute(
  ({ url, sameOrigin, request }) => !sameOrigin && request.method === 'GET' && HASHED_NAME.test(url.pathname),
  new CacheFirst({
    cacheName: 'remote-files',
    plugins: [asCors, ok, new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

const PUBLIC_READS = new Set<string>([ENDPOINTS.newsIndex, ENDPOINTS.newsDetail, ENDPOINTS.newsLatest, ENDPOINTS.loanRates]);
registerRoute(
  ({ url, request }) => request.method === 'GET' && PUBLIC_READS.has(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'public-api',
    plugins: [ok, reachability, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);
