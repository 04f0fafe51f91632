// The monolith's stand-in for packages/federation/src/loader/remotes.ts: the same functions, with every
// exposed page bundled into this build as a lazy chunk instead of a remote container, and no
// remote publishing pages beyond the compiled table.
import { EXPOSED } from 'bench-monolith-exposes';

export function registerAppRemotes() {}

const loaded = new Map();

export function loadExposed(remote, module) {
  const load = EXPOSED[remote] && EXPOSED[remote][module];
  if (!load) return Promise.reject(new Error(`${remote} does not expose ${module}`));
  return load().then((exposed) => {
    loaded.set(`${remote}/${module}`, exposed);
    return exposed;
  });
}

export function loadedExposed(remote, module) {
  return loaded.get(`${remote}/${module}`);
}

/** Starts the page's chunk now; webpack hands the same load to the later loadExposed. */
export function preloadExposed(remote, module) {
  loadExposed(remote, module).catch(() => {});
}

export const prepareExposed = preloadExposed;

/**
 * Today's monolith fetches nothing ahead of a tap at idle: a page's chunk starts on pointer-down
 * (prepareExposed) or when it is opened. So it sets no idle mark, and the bench counts all its
 * bytes as what its pages needed.
 */
export async function loadExposedAtIdle() {}

export async function publishedPages() {
  return [];
}
