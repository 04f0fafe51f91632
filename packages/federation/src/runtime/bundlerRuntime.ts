import type { Federation } from '@module-federation/webpack-bundler-runtime';
import bundlerRuntimePackage from '@module-federation/webpack-bundler-runtime/package.json';

/**
 * Where a host leaves its copy of the federation's bundler runtime for the remotes it loads: the
 * code each container's webpack runtime calls to share modules and answer `init` and `get`. It is
 * the same in every container, so a production remote takes the host's instead of carrying its
 * own (webpack/federation.js), as it already takes the runtime core.
 */
export const BUNDLER_RUNTIME_GLOBAL = '__INSTALMENT_FEDERATION_BUNDLER_RUNTIME__';

/** What a host provides: stateless functions only. A container's state is its own `federation`. */
export type ProvidedBundlerRuntime = Pick<Federation, 'runtime' | 'attachShareScopeMap'> & {
  bundlerRuntime: NonNullable<Federation['bundlerRuntime']>;
  /** The release the host was built with. */
  version: string;
};

/** The release this build resolves: the host's when it provides, the remote's when it takes. */
export const BUNDLER_RUNTIME_VERSION: string = bundlerRuntimePackage.version;

/**
 * A remote runs the host's copy only from the same minor release as its own: the calls its
 * webpack runtime makes into the bundler runtime are what a release can change.
 */
export const sameRelease = (host: string, remote: string): boolean =>
  host.split('.').slice(0, 2).join('.') === remote.split('.').slice(0, 2).join('.');

/**
 * Where a remote's manifest names the bundler runtime release its entry was built with
 * (`metaData[BUILT_WITH_METADATA]`), for the host to compare with its own before loading it.
 */
export const BUILT_WITH_METADATA = 'bundlerRuntime';

/**
 * The folder, beside a remote's manifest, of its self-contained build: the same pages with their
 * own copy of the federation runtime and a manifest of their own (webpack/self-contained.js). A
 * host of another minor release loads that build instead (the loader's `runnableManifestUrl`).
 */
export const SELF_CONTAINED_FOLDER = 'self';

type WithProvided = typeof globalThis & { [BUNDLER_RUNTIME_GLOBAL]?: ProvidedBundlerRuntime };

export const providedBundlerRuntime = (): ProvidedBundlerRuntime | undefined => (globalThis as WithProvided)[BUNDLER_RUNTIME_GLOBAL];

export function provideBundlerRuntime(provided: ProvidedBundlerRuntime): void {
  (globalThis as WithProvided)[BUNDLER_RUNTIME_GLOBAL] = provided;
}
