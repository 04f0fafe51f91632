// A remote's self-contained build: the same pages with their own copy of the federation runtime
// (runtime core and bundler runtime), in `dist/self/` with a manifest of its own. The remote's entry
// runs its host's copy (federation.js), which only a build of the same minor release of
// @module-federation/enhanced may call: a host of another release (the shell moved to the next
// minor, the remote not rebuilt yet) loads this build instead (packages/federation/src/loader/
// selfContained.ts). No other host asks for it, so the remote's entry stays as small as it was.
const path = require('node:path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { require: requireTs } = require('tsx/cjs/api');

/**
 * The bundler runtime's release, where a manifest names it and where the self-contained build
 * lies, as the hosts' loader reads them (TypeScript: a test runner transforms the file itself,
 * plain node reads it through tsx).
 * @returns {typeof import('../packages/federation/src/runtime/bundlerRuntime')}
 */
function bundlerRuntime() {
  const file = '../packages/federation/src/runtime/bundlerRuntime.ts';
  try {
    return require(file);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return requireTs(file, __filename);
  }
}
const runtime = bundlerRuntime();

/** What a remote's manifest says for its host to compare: the bundler runtime release its entry calls. */
const BUILT_WITH = { [runtime.BUILT_WITH_METADATA]: runtime.BUNDLER_RUNTIME_VERSION };

// webpack's own minimizer with esbuild instead of terser: half the build's time, for about 15 %
// more bytes (gzip) in a build that only a host of another release loads.
const Minimizer = require('minimizer-webpack-plugin');

/**
 * The remote's production build and its self-contained build, built after it: the remote's build
 * cleans its output folder, this one's included.
 * @template {{ name: string, output: { path: string, uniqueName: string }, resolve: object, optimization: object }} Remote
 * @param {Remote} remote
 * @param {ConstructorParameters<typeof ModuleFederationPlugin>[0]} federation  its federation options
 */
function withSelfContained(remote, federation) {
  const self = {
    ...remote,
    name: `${remote.name}-${runtime.SELF_CONTAINED_FOLDER}`,
    dependencies: [remote.name],
    // The container alone: the remote's own page (its standalone harness) is the remote build's.
    entry: {},
    output: {
      ...remote.output,
      path: path.join(remote.output.path, runtime.SELF_CONTAINED_FOLDER),
      // Its chunks register under a global of their own, never the remote's entry's.
      uniqueName: `${remote.output.uniqueName}_${runtime.SELF_CONTAINED_FOLDER}`,
      clean: true,
    },
    // No alias: the bundler runtime is its own, not the host's.
    resolve: { ...remote.resolve, alias: {} },
    plugins: [
      new ModuleFederationPlugin({ ...federation, experiments: { ...federation.experiments, externalRuntime: false } }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
    ],
    optimization: { ...remote.optimization, minimizer: [new Minimizer({ minify: Minimizer.esbuildMinify })] },
  };
  return [remote, self];
}

module.exports = { withSelfContained, BUILT_WITH };
