import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@instalment/shared/pages';

/** Where each remote's manifest is, as a host's config.json names them. */
export type RemoteEntries = Record<RemoteName, string>;

/** An answer the host page already fetched for this URL (the shell's inline script), if any. */
export type EarlyAnswer = (url: string) => Promise<Response | undefined>;

const MANIFEST_ATTEMPTS = 3;
const RETRY_BASE_MS = 250;

let registered: RemoteEntries | null = null;
let early: EarlyAnswer = async () => undefined;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A remote that is half-deployed or restarting answers with a network error or a 5xx for a
 * moment: the manifest fetch is retried with back-off before the page is declared failed.
 * A failed load is remembered so that the next attempt re-registers the remote instead of
 * reusing the runtime's cached failure.
 */
const failed = new Set<string>();
const resilience: ModuleFederationRuntimePlugin = {
  name: 'instalment-resilience',
  async fetch(url, init) {
    let lastError: unknown;
    for (let attempt = 0; attempt < MANIFEST_ATTEMPTS; attempt += 1) {
      try {
        const answered = attempt === 0 ? await early(String(url)) : undefined;
        const response = answered ?? (await fetch(url, { ...init, cache: 'no-cache' }));
        if (response.status < 500) return response;
        lastError = new Error(`${url} answered ${response.status}`);
      } catch (error) {
        lastError = error;
      }
      if (attempt < MANIFEST_ATTEMPTS - 1) await wait(RETRY_BASE_MS * 2 ** attempt);
    }
    throw lastError;
  },
  async errorLoadRemote({ id, error }) {
    failed.add(id.split('/')[0]);
    throw error;
  },
};

/** Registers the remotes named by config.json with the federation runtime (nothing is baked in). */
export function registerAppRemotes(remotes: RemoteEntries, earlyAnswer?: EarlyAnswer): void {
  registered = remotes;
  if (earlyAnswer) early = earlyAnswer;
  registerPlugins([resilience]);
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/** Loads an exposed module; after a failure, starts the remote afresh (the retry button). */
export async function loadExposed<T>(remote: RemoteName, module: string): Promise<T> {
  if (failed.has(remote) && registered) {
    failed.delete(remote);
    registerRemotes([{ name: remote, entry: registered[remote] }], { force: true });
  }
  const loaded = await loadRemote<T>(`${remote}/${module.replace(/^\.\//, '')}`);
  if (!loaded) throw new Error(`${remote} did not provide ${module}`);
  return loaded;
}

/** Starts fetching a page's manifest, entry and chunks in parallel, before React asks for it. */
export function preloadExposed(remote: RemoteName, module: string): void {
  void preloadRemote([{ nameOrAlias: remote, exposes: [module.replace(/^\.\//, '')], resourceCategory: 'sync' }]).catch(() => {
    failed.add(remote);
  });
}
