// The federation runtime is loaded once, by the host: production remotes run the host's copy
// instead of carrying their own. The runtime core (about 19 kB gzip) comes through the enhanced
// plugin's external runtime; the bundler runtime each container's webpack runtime calls (about
// 4 kB gzip more per entry) a host's runtime plugin leaves where a remote's entry takes it
// (packages/federation/src/runtime).
const fs = require('node:fs');
const path = require('node:path');
const { BundlerRuntimeCheck } = require('./bundler-runtime-check');

const FEDERATION_RUNTIME = path.join(__dirname, '..', 'packages', 'federation', 'src', 'runtime');

/**
 * A container's entry. Its production name carries the build's hash (the manifest names it), so it
 * is cached for good like every hashed file and only the manifest is asked again. (`[contenthash]`
 * is not available to the federation runtime when it asks for this name.)
 */
const REMOTE_ENTRY = { production: 'remoteEntry.[fullhash:8].js', development: 'remoteEntry.js' };

// The package names no export for it (its index drops it from a host's build, which exposes
// nothing), so the host's runtime plugin imports the file: a release that moves or renames it
// fails the host's build here, by name, rather than every remote's `init` in the browser.
const INIT_CONTAINER_ENTRY = '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

function checkInitContainerEntry() {
  let file;
  try {
    file = require.resolve(INIT_CONTAINER_ENTRY, { paths: [FEDERATION_RUNTIME] });
  } catch {
    throw new Error(`federation: ${INIT_CONTAINER_ENTRY} is gone; the host's runtime plugin cannot hand it to its remotes`);
  }
  if (!/export\s*\{[^}]*\binitContainerEntry\b/.test(fs.readFileSync(file, 'utf8'))) {
    throw new Error(`federation: ${INIT_CONTAINER_ENTRY} no longer exports initContainerEntry`);
  }
}

/**
 * @param {{ host: boolean, production: boolean, name: string }} options
 * @returns {{ experiments: { externalRuntime?: boolean, provideExternalRuntime?: boolean, optimization?: { target: 'web', disableRemote?: boolean, disableSnapshot?: boolean } }, alias: Record<string, string>, runtimePlugins: string[], plugins: import('webpack').WebpackPluginInstance[] }}
 */
function federationRuntime({ host, production, name }) {
  if (!production) return { experiments: {}, alias: {}, runtimePlugins: [], plugins: [] };
  /** @type {{ target: 'web' }} */
  const optimization = { target: 'web' };
  if (!host) {
    return {
      // A remote never loads another remote: its entry goes without the code that would.
      experiments: { externalRuntime: true, optimization: { ...optimization, disableRemote: true } },
      alias: {
        [require.resolve('@module-federation/webpack-bundler-runtime/bundler')]: path.join(FEDERATION_RUNTIME, 'hostBundlerRuntime.ts'),
      },
      runtimePlugins: [],
      plugins: [new BundlerRuntimeCheck(name)],
    };
  }
  checkInitContainerEntry();
  // The runtime's snapshot and preload plugins go: the loader reads each manifest itself
  // (packages/federation/src/loader/manifest.ts), about 2.3 kB gzip less in every page's runtime.
  const hostOptimization = { ...optimization, disableSnapshot: true };
  // The injected provider would otherwise resolve the runtime core's CommonJS build beside the ESM
  // one the bundler runtime uses: two copies of the core in the host.
  const provider = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return {
    experiments: { provideExternalRuntime: true, optimization: hostOptimization },
    alias: { [provider]: path.join(path.dirname(provider), 'index.js') },
    runtimePlugins: [path.join(FEDERATION_RUNTIME, 'provideBundlerRuntime.ts')],
    plugins: [],
  };
}

module.exports = { federationRuntime, REMOTE_ENTRY };
