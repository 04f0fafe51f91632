import type { Federation } from '@module-federation/webpack-bundler-runtime';

/**
 * Where a host leaves its copy of the federation's bundler runtime for the remotes it loads: the
 * code each container's webpack runtime calls to share modules and answer `init` and `get`. It is
 * the same in every container, so a production remote takes the host's instead of carrying its
 * own (webpack.config.base.js, federationRuntime), as it already takes the runtime core.
 */
export const BUNDLER_RUNTIME_GLOBAL = '__INSTALMENT_FEDERATION_BUNDLER_RUNTIME__';

/** What a host provides: stateless functions only. A container's state is its own `federation`. */
export type ProvidedBundlerRuntime = Pick<Federation, 'runtime' | 'attachShareScopeMap'> & {
  bundlerRuntime: NonNullable<Federation['bundlerRuntime']>;
};

type WithProvided = typeof globalThis & { [BUNDLER_RUNTIME_GLOBAL]?: ProvidedBundlerRuntime };

export const providedBundlerRuntime = (): ProvidedBundlerRuntime | undefined => (globalThis as WithProvided)[BUNDLER_RUNTIME_GLOBAL];

export function provideBundlerRuntime(provided: ProvidedBundlerRuntime): void {
  (globalThis as WithProvided)[BUNDLER_RUNTIME_GLOBAL] = provided;
}
