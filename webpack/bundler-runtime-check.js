// The alias in federation.js swaps the bundler runtime's file by its resolved path. A second copy of
// the package (an install that nests one under another package) resolves elsewhere, the alias
// misses it, and the remote's entry silently carries its own 4 kB copy again: this fails that build.
const path = require('node:path');

/** A file of the package's code; its package.json (the release a remote compares) is not code. */
const BUNDLER_RUNTIME_CODE = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]/;

class BundlerRuntimeCheck {
  /** @param {string} container  the remote's container name: its entry's name */
  constructor(container) {
    this.container = container;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BundlerRuntimeCheck', (compilation) => {
      // After concatenation, so a file merged into another module is still looked at.
      compilation.hooks.afterOptimizeChunkModules.tap('BundlerRuntimeCheck', () => {
        const entry = compilation.entrypoints.get(this.container);
        if (!entry) return;
        const found = new Set();
        for (const chunk of entry.chunks) {
          for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
            for (const part of /** @type {any} */ (module).modules ?? [module]) {
              if (BUNDLER_RUNTIME_CODE.test(part.resource ?? '')) found.add(path.relative(compiler.context, part.resource));
            }
          }
        }
        if (!found.size) return;
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `federation: remote ${this.container}'s entry carries its own @module-federation/webpack-bundler-runtime ` +
              `(${[...found].join(', ')}) instead of the host's: the alias missed a second copy of the package.`,
          ),
        );
      });
    });
  }
}

module.exports = { BundlerRuntimeCheck };
