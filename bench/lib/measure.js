// One visit of one app in headless Chromium (cold, or a returning visitor's), measured over the
// DevTools protocol with the DESIGN §6 profile: what was transferred, when it painted, and how
// long a tab switch took.
const { chromium } = require('playwright-core');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = require('../../scripts/chromium');
const { splitAtIdleMark } = require('./critical');
// The mark's name has one owner, the hosts' loader; tsx (the bench's runner) loads it as it is.
/** @type {typeof import('../../packages/federation/src/loader/idleFetchMark')} */
const { IDLE_FETCH_MARK } = require('../../packages/federation/src/loader/idleFetchMark');

/** DESIGN §6: the 75th-percentile mobile user of 2026. */
const PROFILE = {
  network: { offline: false, latency: 100, downloadThroughput: 9e6 / 8, uploadThroughput: 3e6 / 8 },
  cpuSlowdown: 4,
};

/** Network quiet for this long (and a title on screen) means the page has settled. */
const QUIET_MS = 700;
const SETTLE_TIMEOUT_MS = 30_000;
const TAB_TIMEOUT_MS = 20_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function launchBrowser() {
  return chromium.launch({ executablePath: process.env.BENCH_CHROMIUM || CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

function header(headers, name) {
  const key = Object.keys(headers || {}).find((k) => k.toLowerCase() === name);
  return key ? headers[key] : undefined;
}

/** Every request of the page as the network layer saw it, and whether the network is quiet. */
function recordNetwork(cdp) {
  const requests = new Map();
  const inflight = new Set();
  let lastActivity = Date.now();
  const touch = () => (lastActivity = Date.now());
  cdp.on('Network.requestWillBeSent', (event) => {
    if (requests.has(event.requestId)) return;
    // `wallTime` (epoch s) puts the start on the page's clock (performance.timeOrigin), where the idle mark is.
    requests.set(event.requestId, {
      id: event.requestId,
      url: event.request.url,
      type: event.type,
      start: event.timestamp,
      wallTime: event.wallTime,
    });
    inflight.add(event.requestId);
    touch();
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    const { response } = event;
    request.type = event.type;
    request.status = response.status;
    request.encoding = header(response.headers, 'content-encoding') || 'identity';
    request.contentLength = Number(header(response.headers, 'content-length')) || null;
    request.headerBytes = response.encodedDataLength || 0;
    request.fromCache = Boolean(response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker);
  });
  // The status on the wire: a revalidated file is a 304 here even where the response is the cached 200.
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.wireStatus = event.statusCode;
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.end = event.timestamp;
      request.transferred = event.encodedDataLength;
      // sirv sends Content-Length for precompressed files: exactly the encoded body.
      request.body = request.contentLength ?? Math.max(0, event.encodedDataLength - (request.headerBytes || 0));
    }
    inflight.delete(event.requestId);
    touch();
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.end = event.timestamp;
      request.failed = event.errorText;
    }
    inflight.delete(event.requestId);
    touch();
  });
  return { requests, quietFor: () => (inflight.size ? 0 : Date.now() - lastActivity) };
}

const isCode = (request) => request.type === 'Script' || request.type === 'Stylesheet';
const isRevalidated = (request) => request.wireStatus === 304;
/** A 304 carries no body, though its response names the cached file's length. */
const bodyOf = (request) => (isRevalidated(request) ? 0 : request.body);
/** The request's file as precompressed on disk (`kind`: gzip or brotli), else its body as served. */
const onDisk = (request, sizeOf, kind) => (isRevalidated(request) ? 0 : (sizeOf?.(request.url)?.[kind] ?? request.body));

/** JS+CSS bytes as served (encoded bodies) and counts, for the requests that pass `filter`. */
/** @param {(request: any) => boolean} [filter] */
function summariseRequests(requests, sizeOf, filter = () => true) {
  const finished = [...requests.values()].filter((request) => filter(request) && !request.failed && request.end);
  const all = finished.filter((request) => !request.fromCache);
  const code = all.filter(isCode);
  // A returning visitor's files come from the cache too: the chain is as long as its last link.
  const arrived = finished.filter(isCode);
  const documentStart = Math.min(...[...requests.values()].map((request) => request.start));
  const encodings = {};
  for (const request of code) encodings[request.encoding] = (encodings[request.encoding] ?? 0) + 1;
  const total = (kind) => code.reduce((sum, request) => sum + onDisk(request, sizeOf, kind), 0);
  return {
    /** The same JS and CSS files, gzip and brotli as precompressed on disk. */
    jsCssGzip: total('gzip'),
    jsCssBrotli: total('brotli'),
    jsCssBytes: code.reduce((sum, request) => sum + bodyOf(request), 0),
    jsCssTransferred: code.reduce((sum, request) => sum + request.transferred, 0),
    /** Requests that went to the network, revalidations (304) included. */
    jsCssRequests: code.length,
    jsCssFromCache: finished.filter((request) => request.fromCache && isCode(request)).length,
    revalidated: all.filter(isRevalidated).length,
    jsBytes: code.filter((request) => request.type === 'Script').reduce((sum, request) => sum + bodyOf(request), 0),
    cssBytes: code.filter((request) => request.type === 'Stylesheet').reduce((sum, request) => sum + bodyOf(request), 0),
    allRequests: all.length,
    allTransferred: all.reduce((sum, request) => sum + request.transferred, 0),
    /** When the last script or stylesheet arrived, from the start of the document request. */
    codeDoneMs: arrived.length ? Math.round((Math.max(...arrived.map((request) => request.end)) - documentStart) * 1000) : null,
    encodings,
  };
}

/**
 * The JS+CSS that went to the network split at the shell's idle mark (bench/lib/critical.js): gzip
 * bytes and requests started before it (critical) and at or after it (idle), and the remote
 * entries among each. No mark: all of it is critical.
 * @param {Map<string, any>} requests
 * @param {{ idleMark: number | null, timeOrigin: number }} paint
 * @param {((url: string) => any) | null} sizeOf
 * @param {(url: string) => boolean} isRemoteEntry
 */
function splitCode(requests, paint, sizeOf, isRemoteEntry) {
  const code = [...requests.values()]
    .filter((request) => isCode(request) && !request.failed && request.end && !request.fromCache)
    .map((request) => ({ request, startMs: request.wallTime * 1000 - paint.timeOrigin }));
  const split = splitAtIdleMark(code, paint.idleMark);
  const gzip = (part) => split[part].reduce((sum, { request }) => sum + onDisk(request, sizeOf, 'gzip'), 0);
  const entries = (part) => split[part].filter(({ request }) => isRemoteEntry(request.url)).length;
  const idle = new Set(split.idle);
  return {
    criticalGzip: gzip('critical'),
    idleGzip: gzip('idle'),
    criticalRequests: split.critical.length,
    idleRequests: split.idle.length,
    remoteEntriesCritical: entries('critical'),
    remoteEntriesIdle: entries('idle'),
    /**
     * Every JS+CSS file the page loaded before the taps, and whether it was fetched at idle: the
     * duplicated-modules table reads their builds, the Save-Data check their paths.
     */
    codeFiles: code.map((each) => ({ url: each.request.url, gzip: onDisk(each.request, sizeOf, 'gzip'), idle: idle.has(each) })),
  };
}

/** ':port/path' is enough to tell the servers apart. */
function shortUrl(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith('http') ? `:${parsed.port}${parsed.pathname}${parsed.search}` : url.slice(0, 60);
  } catch {
    return url.slice(0, 60);
  }
}

/** The requests in order with start/end relative to the document request: the waterfall. */
function waterfall(requests) {
  const list = [...requests.values()].sort((a, b) => a.start - b.start);
  const origin = list.length ? list[0].start : 0;
  return list.map((request) => ({
    url: shortUrl(request.url),
    type: request.type,
    startMs: Math.round((request.start - origin) * 1000),
    endMs: request.end ? Math.round((request.end - origin) * 1000) : null,
    body: request.body == null ? null : bodyOf(request),
    status: request.wireStatus ?? request.status,
    fromCache: request.fromCache || undefined,
    encoding: request.encoding,
    failed: request.failed,
  }));
}

async function settle(page, network) {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const titled = await page
      .evaluate(() => {
        const h1 = document.querySelector('h1');
        return Boolean(h1 && h1.textContent.trim() && h1.getBoundingClientRect().height > 0);
      })
      .catch(() => false);
    if (titled && network.quietFor() >= QUIET_MS) return true;
    await sleep(100);
  }
  return false;
}

/**
 * FCP and LCP (the last LCP candidate, read once the page has settled), and when the shell set its
 * idle mark (null: it fetched nothing at idle).
 */
function readPaint(page) {
  return page.evaluate(
    (markName) =>
      new Promise((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const mark = performance.getEntriesByName(markName, 'mark')[0];
        const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
        /** @type {{ fcp: number | null, lcp: number | null, lcpElement: string | null, idleMark: number | null, domContentLoaded: number | null, load: number | null, timeOrigin: number }} */
        const result = {
          timeOrigin: performance.timeOrigin,
          fcp: fcp ? Math.round(fcp.startTime) : null,
          idleMark: mark ? mark.startTime : null,
          lcp: null,
          lcpElement: null,
          domContentLoaded: navigation ? Math.round(navigation.domContentLoadedEventEnd) : null,
          load: navigation ? Math.round(navigation.loadEventEnd) : null,
        };
        const finish = () => resolve(result);
        try {
          new PerformanceObserver((list) => {
            // A largest-contentful-paint entry names the element it painted.
            const entry = /** @type {(PerformanceEntry & { element?: Element | null }) | undefined} */ (list.getEntries().at(-1));
            if (!entry) return;
            result.lcp = Math.round(entry.startTime);
            const element = entry.element;
            result.lcpElement = element ? `${element.tagName.toLowerCase()} "${(element.textContent || '').trim().slice(0, 40)}"` : null;
            finish();
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        } catch {
          finish();
        }
        setTimeout(finish, 1000);
      }),
    IDLE_FETCH_MARK,
  );
}

/**
 * A finger's tap: the pointer goes down, and the click follows when it lifts, about 100 ms later
 * (a typical tap's duration on a phone). Both apps may start a tab's code on pointer-down.
 */
const TAP_HOLD_MS = 100;

/**
 * Runs in the page: taps the tab button named `label` (pointer down, then the click `holdMs`
 * later) and times, from the click, the frame in
 * which the header shows `title` and the frame in which the new page has put anything of its own
 * on screen (anything in <main> but the shell's loading or error view). Also notes whether the shell's
 * loading view showed at all (DESIGN §6: no loading flash under 200 ms).
 */
function tapTabInPage({ label, title, timeoutMs, holdMs }) {
  const isShellLoader = (element) =>
    element.getAttribute('aria-live') === 'polite' && element.querySelector(':scope > span[aria-hidden="true"]') !== null;
  const titleShown = () => document.querySelector('h1')?.textContent.trim() === title;
  const loaders = (main) => [...main.querySelectorAll('[role="status"]')].filter(isShellLoader);
  // The shell's loading view, and any error view (role=alert), are not the page.
  const notPage = (main) => loaders(main).concat([...main.querySelectorAll('[role="alert"]')]);
  const contentShown = () => {
    const main = document.querySelector('main');
    if (!main) return false;
    const excluded = notPage(main);
    const outside = (node) => !excluded.some((view) => view.contains(node));
    const texts = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if ((node.textContent ?? '').trim() !== '' && outside(node)) return true;
    }
    return [...main.querySelectorAll('button, input, select, textarea, img, svg, a')].some(outside);
  };
  const pointer = (type, target) =>
    target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerType: 'touch', isPrimary: true }));
  const button = [...document.querySelectorAll('nav button')].find((candidate) => candidate.textContent.trim() === label);
  if (!button) return Promise.resolve({ error: `no tab named "${label}"` });
  pointer('pointerdown', button);
  return new Promise((lifted) => setTimeout(lifted, holdMs)).then(
    () =>
      new Promise((resolve) => {
        const result = { titleMs: null, contentMs: null, loaderShown: false };
        const asked = { title: false, content: false };
        let finished = false;
        const finish = () => {
          if (finished) return;
          finished = true;
          observer.disconnect();
          clearTimeout(timer);
          resolve(result);
        };
        const stamp = (key) => {
          asked[key] = true;
          requestAnimationFrame(() => {
            result[`${key}Ms`] = Math.round(performance.now() - started);
            if (result.titleMs !== null && result.contentMs !== null) finish();
          });
        };
        const check = () => {
          if (!titleShown()) return;
          const main = document.querySelector('main');
          if (main && loaders(main).length) result.loaderShown = true;
          if (!asked.title) stamp('title');
          if (!asked.content && contentShown()) stamp('content');
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        const timer = setTimeout(finish, timeoutMs);
        const started = performance.now();
        pointer('pointerup', button);
        /** @type {HTMLElement} */ (button).click();
        check();
      }),
  );
}

/**
 * A returning visitor's cache: the page loaded once, unthrottled and unrecorded, and closed, so
 * that the next page of the context finds the files in the HTTP cache, not in a page's memory.
 */
async function prime(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const network = recordNetwork(cdp);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  const settled = await settle(page, network);
  // A returning visitor also has the service worker the first visit installed (the federated
  // shell's), holding the files that visit handed it: wait until it has them, at most 5 s.
  await page.evaluate(async () => {
    if (!('serviceWorker' in navigator) || !(await navigator.serviceWorker.getRegistration())) return;
    await navigator.serviceWorker.ready;
    for (let waited = 0; waited < 5000; waited += 100) {
      if ((await (await caches.open('shell-page')).keys()).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  await page.close();
  return settled;
}

/**
 * One visit: a new browser context (empty cache and storage), the profile applied before
 * navigation, then the figures once the page has settled, then the scenario's tab taps.
 * `warm` first loads `url` once in another page of the same context, so the visit measured is a
 * returning visitor's. `saveData` visits as a reader who asked the browser to save data: the
 * `Save-Data: on` header on every request and `navigator.connection.saveData`, as Chromium sets
 * both. `sizeOf(url)` gives the gzip size of a served file (the budgets' unit); `isRemoteEntry(url)`
 * tells a remote's entry among the scripts.
 */
/**
 * @param {any} browser
 * @param {{ url: string, throttled: boolean, warm?: boolean, saveData?: boolean, session?: any, tabs?: Array<{ key: string, label: string, title: string, needsLogin?: boolean }>, sizeOf?: ((url: string) => any) | null, isRemoteEntry?: (url: string) => boolean }} options
 */
async function visit(
  browser,
  { url, throttled, warm = false, saveData = false, session, tabs = [], sizeOf = null, isRemoteEntry = () => false },
) {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...(saveData ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {}),
  });
  try {
    if (session) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, session);
    }
    const primed = warm ? await prime(context, url) : true;
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message.slice(0, 200)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text().slice(0, 200));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (!warm) await cdp.send('Network.clearBrowserCache');
    if (saveData) await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', PROFILE.network);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
    }
    const network = recordNetwork(cdp);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const settled = await settle(page, network);
    const paint = await readPaint(page);
    const landed = await page.evaluate(() => ({
      route: window.location.hash.replace(/^#/, '') || '/',
      title: document.querySelector('h1')?.textContent.trim() ?? null,
      /** A page or widget that failed shows the shell's error view (role=alert) instead. */
      failedViews: document.querySelectorAll('main [role="alert"]').length,
    }));
    const result = {
      settled: primed && settled,
      ...landed,
      errors,
      ...paint,
      ...summariseRequests(network.requests, sizeOf),
      ...splitCode(network.requests, paint, sizeOf, isRemoteEntry),
      waterfall: waterfall(network.requests),
      tabs: {},
    };

    for (const tab of tabs) {
      const before = new Set(network.requests.keys());
      const timing = await page.evaluate(tapTabInPage, {
        label: tab.label,
        title: tab.title,
        timeoutMs: TAB_TIMEOUT_MS,
        holdMs: TAP_HOLD_MS,
      });
      await settle(page, network);
      const loaded = summariseRequests(network.requests, sizeOf, (request) => !before.has(request.id));
      const failedViews = await page.evaluate(() => document.querySelectorAll('main [role="alert"]').length);
      result.tabs[tab.key] = {
        ...timing,
        failedViews,
        jsCssGzip: loaded.jsCssGzip,
        jsCssBytes: loaded.jsCssBytes,
        jsCssRequests: loaded.jsCssRequests,
      };
    }
    return result;
  } finally {
    await context.close();
  }
}

module.exports = { launchBrowser, visit, PROFILE };
