import { init } from '@module-federation/enhanced/runtime';
import type { Federation } from '@module-federation/webpack-bundler-runtime';
import { BUNDLER_RUNTIME_VERSION, providedBundlerRuntime, sameRelease } from './bundlerRuntime';

/**
 * What a production remote's entry imports in place of `@module-federation/webpack-bundler-runtime`
 * (webpack/federation.js): the host's functions in a `federation` of the container's own, whose
 * instance and options the entry fills in. `init` stays the remote's own: it finds or creates the
 * container's federation instance by the build's identifier, which the bundler compiles into it
 * (the host's would find the host's instance). A host that provides no bundler runtime fails the
 * entry's load into the page's error view, as a host without the runtime core does, and so does
 * one that provides another minor release's (its reason in the browser's console): the hosts'
 * loader never loads this entry from one, it loads the remote's self-contained build instead
 * (packages/federation/src/loader/selfContained.ts).
 */
const provided = providedBundlerRuntime();
if (!provided) throw new Error('federation: the host provides no bundler runtime for this remote');
if (!sameRelease(provided.version, BUNDLER_RUNTIME_VERSION)) {
  throw new Error(
    `federation: the host provides bundler runtime ${provided.version}, this remote was built with ${BUNDLER_RUNTIME_VERSION}`,
  );
}

const federation: Federation = {
  runtime: { ...provided.runtime, init } as NonNullable<Federation['runtime']>,
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntime: { ...provided.bundlerRuntime, S: {} },
  bundlerRuntimeOptions: {},
};

export default federation;
