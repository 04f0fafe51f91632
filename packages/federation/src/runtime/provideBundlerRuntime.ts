import federation from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { BUNDLER_RUNTIME_VERSION, provideBundlerRuntime } from './bundlerRuntime';

/**
 * A host's runtime plugin (webpack/federation.js): before the host's federation starts, its
 * bundler runtime is left where remote entries look for it. A host exposes nothing, so its build
 * drops `initContainerEntry`; the remotes answer `init` with it, so it is added back here.
 */
export default function provideBundlerRuntimePlugin(): ModuleFederationRuntimePlugin {
  const { runtime, attachShareScopeMap, bundlerRuntime } = federation;
  if (!bundlerRuntime) throw new Error('federation: the host was built without a bundler runtime');
  provideBundlerRuntime({
    runtime,
    attachShareScopeMap,
    bundlerRuntime: { ...bundlerRuntime, initContainerEntry },
    version: BUNDLER_RUNTIME_VERSION,
  });
  return { name: 'provide-bundler-runtime' };
}
