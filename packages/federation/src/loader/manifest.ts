/**
 * What the host reads in a remote's `mf-manifest.json` to start it: its entry, and the files an
 * exposed module needs before it runs. The federation runtime's snapshot and preload plugins did
 * this (about 2.3 kB gzip of the host's runtime, built out with `disableSnapshot` in
 * webpack/federation.js); the loader already reads each manifest for a remote's pages, so it
 * answers from that read.
 */

interface Files {
  sync?: string[];
  async?: string[];
}

interface Assets {
  js?: Files;
  css?: Files;
}

/** The parts of the manifest format the host reads. */
export interface Manifest {
  metaData?: {
    globalName?: string;
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string; type?: string };
  };
  exposes?: Array<{ name?: string; path?: string; assets?: Assets }>;
  shared?: Array<{ assets?: Assets }>;
}

/** The entry a manifest names, as the runtime starts it. */
export interface ManifestEntry {
  url: string;
  type: string;
  globalName: string;
}

/** The folder a remote's files are under: its `publicPath`, or beside the manifest when it says `auto`. */
function folderOf(manifestUrl: string, manifest: Manifest): string {
  const publicPath = manifest.metaData?.publicPath;
  return new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', new URL(manifestUrl, window.location.href)).href;
}

const resolve = (manifestUrl: string, manifest: Manifest, file: string) => new URL(file, folderOf(manifestUrl, manifest)).href;

/** The remote's entry; null when the manifest names none. */
export function entryOf(manifestUrl: string, manifest: Manifest, remote: string): ManifestEntry | null {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) return null;
  const path = entry.path ? `${entry.path.replace(/\/$/, '')}/` : '';
  return {
    url: resolve(manifestUrl, manifest, `${path}${entry.name}`),
    type: entry.type ?? 'global',
    globalName: manifest.metaData?.globalName ?? remote,
  };
}

/**
 * The JS and CSS an exposed module (`NewsList` or `./NewsList`) loads before it runs (`sync`), or
 * with every file it may load later too (`all`); never a shared module's own files, which run
 * from the host's copy.
 */
export function exposeFiles(manifestUrl: string, manifest: Manifest, expose: string, category: 'sync' | 'all' = 'sync') {
  const name = expose.replace(/^\.\//, '');
  const found = manifest.exposes?.find((exposed) => exposed.name === name || exposed.path === `./${name}`);
  const shared = new Set((manifest.shared ?? []).flatMap(({ assets }) => [...(assets?.js?.sync ?? []), ...(assets?.css?.sync ?? [])]));
  const pick = (files: Files | undefined) =>
    [...(files?.sync ?? []), ...(category === 'all' ? (files?.async ?? []) : [])]
      .filter((file) => !shared.has(file))
      .map((file) => resolve(manifestUrl, manifest, file));
  return { js: pick(found?.assets?.js), css: pick(found?.assets?.css) };
}
