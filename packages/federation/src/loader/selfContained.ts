import { BUILT_WITH_METADATA, BUNDLER_RUNTIME_VERSION, SELF_CONTAINED_FOLDER, sameRelease } from '../runtime/bundlerRuntime';

/**
 * The bundler runtime release a remote's manifest says its entry was built with; undefined for a
 * manifest that names none (a build from before the field).
 */
export function builtWith(metaData: unknown): string | undefined {
  const release = (metaData as Record<string, unknown> | undefined)?.[BUILT_WITH_METADATA];
  return typeof release === 'string' ? release : undefined;
}

/** The manifest of the self-contained build beside the one at `url` (its query kept). */
export function selfContainedUrl(url: string): string {
  const query = url.search(/[?#]/);
  const file = query === -1 ? url : url.slice(0, query);
  const folder = file.lastIndexOf('/') + 1;
  return `${file.slice(0, folder)}${SELF_CONTAINED_FOLDER}/${file.slice(folder)}${query === -1 ? '' : url.slice(query)}`;
}

/**
 * The manifest a remote runs from on this host, given the metaData of the manifest at `url` (the
 * release it draws). A remote's entry runs the host's copy of the federation runtime, which only
 * a build of the same minor release may call (`sameRelease`); built with another, the remote runs
 * its self-contained build instead, which carries its own copy. A manifest that names no release
 * runs the host's copy, as every remote did before.
 */
export function runnableManifestUrl(url: string, metaData: unknown, hostRelease: string = BUNDLER_RUNTIME_VERSION): string {
  const release = builtWith(metaData);
  return release === undefined || sameRelease(hostRelease, release) ? url : selfContainedUrl(url);
}
