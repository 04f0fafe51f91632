import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { RemoteRelease } from '@instalment/contract/api';
import { readPublishedPages, type ContainerName, type PublishedPage } from '@instalment/federation/pages';
import { BUNDLER_RUNTIME_VERSION } from '../runtime/bundlerRuntime';
import { IDLE_FETCH_MARK } from './idleFetchMark';
import { entryOf, exposeFiles, type Manifest } from './manifest';
import { drawnUrl, drawReleases, fallBack, tell } from './release';
import { builtWith, runnableManifestUrl } from './selfContained';

/**
 * Where each remote's manifest is, as a host's config.json names them (the repository's four and
 * any other): one URL, or a canary beside its stable.
 */
export type RemoteEntries = Record<ContainerName, RemoteRelease>;

/** An answer the host page already fetched for this URL (the shell's inline script), if any. */
export type EarlyAnswer = (url: string) => Promise<Response | undefined>;

const MANIFEST_ATTEMPTS = 3;
const RETRY_BASE_MS = 250;

let early: EarlyAnswer = async () => undefined;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A remote that is half-deployed or restarting answers with a network error or a 5xx for a
 * moment: the manifest fetch is retried with back-off before the load is declared failed.
 */
async function fetchManifest(url: string, afresh: boolean): Promise<string> {
  let lastError: unknown;
  for (let attempt = 0; attempt < MANIFEST_ATTEMPTS; attempt += 1) {
    try {
      const answered = attempt === 0 && !afresh ? await early(url) : undefined;
      // Afresh: past every cache (a service worker's last good copy included), the files may have changed.
      const response = answered ?? (await fetch(url, { cache: afresh ? 'reload' : 'no-cache' }));
      if (response.ok) return await response.text();
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    if (attempt < MANIFEST_ATTEMPTS - 1) await wait(RETRY_BASE_MS * 2 ** attempt);
  }
  throw lastError;
}

/**
 * Each manifest is read once per start of its remote, by URL: the federation runtime and the
 * host's page table (the pages a remote publishes) share the one request.
 */
const manifests = new Map<string, Promise<string>>();
/** Manifests to read past every cache next time: their remote is being started afresh. */
const afresh = new Set<string>();
function manifestText(url: string): Promise<string> {
  let text = manifests.get(url);
  if (!text) {
    text = fetchManifest(url, afresh.delete(url));
    manifests.set(url, text);
    text.catch(() => manifests.delete(url));
  }
  return text;
}

const manifestOf = async (url: string) => JSON.parse(await manifestText(url)) as Manifest;

/** The manifest a registered remote names as its entry (the host registers every remote by its manifest). */
const manifestUrlOf = (remote: object) => ('entry' in remote && typeof remote.entry === 'string' ? remote.entry : '');

/** Exposed modules whose files were fetched ahead, by manifest and module: each is fetched once. */
const fetchedAhead = new Set<string>();

/** Points the runtime's view of a remote at the entry its manifest names; answers that manifest and entry. */
async function startsFrom(remote: { name: string }, remoteInfo: object) {
  const url = manifestUrlOf(remote);
  const manifest = await manifestOf(url);
  const entry = entryOf(url, manifest, remote.name);
  if (!entry) throw new Error(`${url} names no entry`);
  Object.assign(remoteInfo, { entry: entry.url, type: entry.type, entryGlobalName: entry.globalName });
  return { url, manifest, entry };
}

/**
 * The self-contained build's manifest a remote runs from, where it does (./selfContained.ts), and
 * the choice made for each remote since its last registration.
 */
const selfContained = new Map<ContainerName, string>();
const chosen = new Map<ContainerName, Promise<void>>();

async function choose(remote: ContainerName): Promise<void> {
  const url = drawnUrl(remote);
  if (!url) return;
  const { metaData } = JSON.parse(await manifestText(url)) as { metaData?: unknown };
  const runnable = runnableManifestUrl(url, metaData);
  if (runnable === url) return;
  console.warn(`${remote} runs its own federation runtime ${builtWith(metaData)} (this host's is ${BUNDLER_RUNTIME_VERSION}): ${runnable}`);
  selfContained.set(remote, runnable);
  registerRemotes([{ name: remote, entry: runnable }], { force: true });
}

/**
 * Settles once the remote is registered with the manifest it runs from on this host, before the
 * runtime reads it: the release's own (the same read), or its self-contained build's.
 */
function runnable(remote: ContainerName): Promise<void> {
  let choice = chosen.get(remote);
  if (!choice) {
    choice = choose(remote);
    chosen.set(remote, choice);
    choice.catch(() => chosen.delete(remote));
  }
  return choice;
}

/**
 * How the runtime asks for a remote's file. In CORS mode, as the remote's own chunk loading does
 * (webpack's `crossOriginLoading`, webpack/app.js): the errors its code throws then reach the
 * telemetry with their stacks, not muted by the browser, and a file fetched ahead is the same
 * request as the one that runs it. A file fetched ahead of a tap gives way to whatever the page
 * still asks for (the runtime asks high).
 */
function fetchAttributes(remote: string | undefined, attrs: Record<string, string>): void {
  attrs.crossorigin = 'anonymous';
  if (remote && fetchedAtIdle.has(remote)) attrs.fetchpriority = 'low';
}

/** A failed load is remembered so that the next attempt starts the remote afresh instead of reusing the runtime's cached failure. */
const failed = new Set<string>();
const resilience: ModuleFederationRuntimePlugin = {
  name: 'instalment-resilience',
  async fetch(url) {
    return new Response(await manifestText(String(url)), { headers: { 'Content-Type': 'application/json' } });
  },
  async beforeRequest(args) {
    await runnable(args.id.split('/')[0]);
    return args;
  },
  async beforePreloadRemote({ preloadOps }) {
    await Promise.all(preloadOps.map(({ nameOrAlias }) => runnable(nameOrAlias)));
  },
  // The remote runs from the entry its manifest names (./manifest.ts), and the page's files are
  // fetched beside that entry rather than after it has run, as the runtime's snapshot plugin did.
  async afterResolve(args) {
    await startsFrom(args.remote, args.remoteInfo);
    void preloadRemote([{ nameOrAlias: args.remote.name, exposes: [args.expose], resourceCategory: 'sync', share: false }]).catch(
      () => undefined,
    );
    return args;
  },
  async generatePreloadAssets({ remote, remoteInfo, preloadOptions }) {
    const { url, manifest, entry } = await startsFrom(remote, remoteInfo);
    const { exposes = [], resourceCategory = 'sync' } = preloadOptions.preloadConfig;
    const js: string[] = [];
    const css: string[] = [];
    for (const expose of exposes) {
      const key = `${url} ${expose}`;
      if (fetchedAhead.has(key)) continue;
      fetchedAhead.add(key);
      const files = exposeFiles(url, manifest, expose, resourceCategory);
      js.push(...files.js);
      css.push(...files.css);
    }
    const scripts = new Set(Array.from(document.scripts, (script) => script.src));
    const links = new Set(Array.from(document.querySelectorAll('link'), (link) => link.href));
    return {
      cssAssets: css.filter((file) => !links.has(file)),
      jsAssetsWithoutEntry: js.filter((file) => !scripts.has(file)),
      entryAssets: scripts.has(entry.url)
        ? []
        : [
            {
              name: remote.name,
              url: entry.url,
              moduleInfo: { name: remote.name, entry: entry.url, type: entry.type, entryGlobalName: entry.globalName, shareScope: '' },
            },
          ],
    };
  },
  async errorLoadRemote({ id, error }) {
    failed.add(id.split('/')[0]);
    throw error;
  },
  createScript({ remoteInfo, attrs }) {
    if (attrs) fetchAttributes(remoteInfo?.name, attrs);
  },
  createLink({ remoteInfo, attrs }) {
    if (attrs) fetchAttributes(remoteInfo?.name, attrs);
  },
};

/**
 * Registers the remotes named by config.json with the federation runtime (nothing is baked in),
 * each with the release it draws on this device (a canary's side: ./release.ts).
 */
export function registerAppRemotes(remotes: RemoteEntries, earlyAnswer?: EarlyAnswer): void {
  if (earlyAnswer) early = earlyAnswer;
  selfContained.clear();
  chosen.clear();
  registerPlugins([resilience]);
  registerRemotes(Object.entries(drawReleases(remotes)).map(([name, entry]) => ({ name, entry })));
}

/** The remote is registered anew with the release it draws now: its manifest, entry and chunks are read from there. */
function register(remote: ContainerName): void {
  for (const id of loaded.keys()) if (id.startsWith(`${remote}/`)) loaded.delete(id);
  for (const id of askedModules) if (id.startsWith(`${remote}/`)) askedModules.delete(id);
  for (const key of fetchedAhead)
    if ([drawnUrl(remote), selfContained.get(remote)].some((url) => url && key.startsWith(`${url} `))) fetchedAhead.delete(key);
  selfContained.delete(remote);
  chosen.delete(remote);
  const url = drawnUrl(remote);
  if (url) registerRemotes([{ name: remote, entry: url }], { force: true });
}

/** The remote is registered anew and its current manifest read again, past every cache. */
function restart(remote: ContainerName): void {
  failed.delete(remote);
  for (const url of [drawnUrl(remote), selfContained.get(remote)]) {
    if (!url) continue;
    manifests.delete(url);
    afresh.add(url);
  }
  register(remote);
}

/**
 * A canary that failed to load gives way to its stable on this device at once, registered now
 * (no error view). False when the remote was not drawing a canary.
 */
function fellBack(remote: ContainerName): boolean {
  if (!fallBack(remote)) return false;
  // The stable release has not failed: it is read as any first load reads it.
  failed.delete(remote);
  register(remote);
  return true;
}

/** After a failed load: a canary gives way to its stable; any other release is started afresh by the next load. */
function failedToLoad(remote: ContainerName): void {
  if (!fellBack(remote)) failed.add(remote);
}

/**
 * Exposed modules that have loaded and run, by `remote/module`: a view asking for one again (a tab
 * opened a second time, a page prepared on pointer-down) draws it in the same frame.
 */
const loaded = new Map<string, unknown>();

async function loadOnce<T>(remote: ContainerName, module: string): Promise<T> {
  if (failed.has(remote)) restart(remote);
  askedModules.add(`${remote}/${module}`);
  const exposed = await loadRemote<T>(`${remote}/${module.replace(/^\.\//, '')}`);
  if (!exposed) throw new Error(`${remote} did not provide ${module}`);
  loaded.set(`${remote}/${module}`, exposed);
  return exposed;
}

/** The exposed module if it has already loaded and run; undefined while it has not. */
export function loadedExposed<T>(remote: ContainerName, module: string): T | undefined {
  return loaded.get(`${remote}/${module}`) as T | undefined;
}

/**
 * Loads an exposed module. A load that fails is tried once more by itself: from the stable
 * release when the device was on a canary, else from the remote's current manifest (a deploy may
 * have replaced the files the page was started with, a chunk gone, or an entry may have failed
 * for a moment). After that the error view's retry starts the remote afresh again; the failure is
 * told (telemetry) and logged for whoever reads the console (a version the shell refuses, a
 * missing module).
 */
async function loadTwice<T>(remote: ContainerName, module: string): Promise<T> {
  try {
    return await loadOnce<T>(remote, module);
  } catch {
    failedToLoad(remote);
    try {
      return await loadOnce<T>(remote, module);
    } catch (error) {
      tell({ type: 'load-failed', remote, module, error });
      console.error(`${remote} ${module} could not be loaded:`, error);
      throw error;
    }
  }
}

/** Loads on their way, by `remote/module`: a page prepared on pointer-down and opened by the click is one load. */
const loading = new Map<string, Promise<unknown>>();

/** Loads an exposed module (see loadTwice); asked again while on its way, it is the same load. */
export function loadExposed<T>(remote: ContainerName, module: string): Promise<T> {
  // The reader waits on this remote now: an idle fetch of another of its pages no longer lowers what it asks for.
  fetchedAtIdle.delete(remote);
  return sharedLoad<T>(remote, module);
}

/** The one load of a page, whoever asks for it while it is on its way. */
function sharedLoad<T>(remote: ContainerName, module: string): Promise<T> {
  const id = `${remote}/${module}`;
  let load = loading.get(id) as Promise<T> | undefined;
  if (!load) {
    load = loadTwice<T>(remote, module).finally(() => loading.delete(id));
    loading.set(id, load);
  }
  return load;
}

/** Exposed modules (`remote/module`) whose chunks are loaded or on their way. */
const askedModules = new Set<string>();

/** Starts fetching a page's manifest, entry and chunks in parallel, before React asks for it; once. */
export function preloadExposed(remote: ContainerName, module: string): void {
  const id = `${remote}/${module}`;
  if (askedModules.has(id)) return;
  askedModules.add(id);
  void preloadRemote([{ nameOrAlias: remote, exposes: [module.replace(/^\.\//, '')], resourceCategory: 'sync' }]).catch(() => {
    askedModules.delete(id);
    failedToLoad(remote);
  });
}

/**
 * Loads and runs a page before it is opened (a finger on its tab): by the time it is opened its
 * code has run, and its view draws in the frame that opens it. A failure is the opening load's to
 * show: that load starts the remote afresh.
 */
export function prepareExposed(remote: ContainerName, module: string): void {
  if (loaded.has(`${remote}/${module}`)) return;
  loadExposed(remote, module).catch(() => undefined);
}

/** Remotes whose files are being fetched at idle, at low priority. */
const fetchedAtIdle = new Set<ContainerName>();
let idleMarked = false;

/**
 * Loads and runs a page no one has opened yet, at low priority (its manifest, entry, chunks, CSS
 * and the shared modules it needs, in parallel): opening it later draws it in the frame that
 * opens it. The first such fetch of the page's life sets IDLE_FETCH_MARK right before it starts.
 * Settles once the page has loaded or failed (a failure is the opening load's to show); a page
 * loaded already fetches nothing, one on its way is waited for.
 */
export async function loadExposedAtIdle(remote: ContainerName, module: string): Promise<void> {
  const id = `${remote}/${module}`;
  if (loaded.has(id)) return;
  const onItsWay = loading.get(id);
  if (onItsWay) {
    await onItsWay.catch(() => undefined);
    return;
  }
  if (!idleMarked) performance.mark(IDLE_FETCH_MARK);
  idleMarked = true;
  fetchedAtIdle.add(remote);
  try {
    preloadExposed(remote, module);
    await sharedLoad(remote, module).catch(() => undefined);
  } finally {
    fetchedAtIdle.delete(remote);
  }
}

/**
 * What a remote's current deployment publishes under `metaData[key]` of its manifest (DESIGN §3:
 * its pages, its operator screens), from the same read the federation runtime uses. A canary's
 * manifest that cannot be read gives way to its stable's; any other fails, and a retry reads it
 * again.
 */
export async function publishedMetaData(remote: ContainerName, key: string): Promise<unknown> {
  const read = async () => {
    const url = drawnUrl(remote);
    if (!url) throw new Error(`no remote ${remote} is registered`);
    return JSON.parse(await manifestText(url)) as { metaData?: Record<string, unknown> };
  };
  const manifest = await read().catch((error: unknown) => {
    if (!fellBack(remote)) throw error;
    return read();
  });
  return manifest.metaData?.[key];
}

/** The pages a remote's current deployment publishes; none when its manifest cannot be read. */
export async function publishedPages(remote: ContainerName): Promise<PublishedPage[]> {
  try {
    return readPublishedPages(await publishedMetaData(remote, 'pages'));
  } catch {
    return [];
  }
}
