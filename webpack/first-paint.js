// The shell's first paint: its own components rendered at build time, in Node, into index.html, so
// the page draws home's frame before any script has loaded.
const path = require('node:path');
const { createRequire } = require('node:module');
const vm = require('node:vm');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { sourceRules } = require('./source-rules');

/**
 * The renderer's build: the shell's components for Node, its packages left to Node's require, the
 * contract (`@instalment/*`) compiled in for its CSS classes. Its code goes to `built` in memory,
 * never to dist.
 * @param {{ dir: string, cssPrefix: string, entry: string, built: (code: string) => void }} options
 * @returns {import('webpack').Configuration}
 */
function firstPaintConfig({ dir, cssPrefix, entry, built }) {
  return {
    name: 'first-paint',
    mode: 'production',
    target: 'node',
    context: dir,
    entry: { render: entry },
    output: { filename: 'first-paint-renderer.js', library: { type: 'commonjs2' }, clean: false },
    externals: [
      ({ request }, callback) =>
        request && /^[^./]/.test(request) && !request.startsWith('@instalment/') ? callback(undefined, `commonjs ${request}`) : callback(),
    ],
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: sourceRules({ cssPrefix, production: true, cssLoader: null }) },
    // Kept readable: the language chooser is written into the page from its own source.
    optimization: { minimize: false },
    devtool: false,
    plugins: [
      {
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('FirstPaintRenderer', (compilation) => {
            compilation.hooks.processAssets.tap({ name: 'FirstPaintRenderer', stage: Infinity }, () => {
              for (const file of Object.keys(compilation.assets)) {
                built(compilation.assets[file].source().toString());
                compilation.deleteAsset(file);
              }
            });
          });
        },
      },
    ],
    stats: 'errors-warnings',
  };
}

/**
 * Runs the renderer's CommonJS code as a file of the package folder (node:vm in this process's own
 * context, so React's objects are this realm's), its requires resolved from that folder.
 * @param {string} dir @param {string} code
 * @returns {{ firstPaintBody(): string }}
 */
function loadRenderer(dir, code) {
  const file = path.join(dir, 'first-paint-renderer.js');
  const module = { exports: {} };
  const wrapped = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: file });
  wrapped.call(module.exports, module.exports, createRequire(file), module, file, dir);
  return /** @type {any} */ (module.exports);
}

/**
 * Draws the first paint into index.html before the page is minified: home's frame in the default
 * language in #root, the others in templates a small script swaps in. A class the paint uses that
 * the build's CSS does not define fails the build: the paint would move when React draws.
 */
class FirstPaint {
  /** @param {string} dir @param {() => string | null} renderer  the renderer's code, once built */
  constructor(dir, renderer) {
    this.dir = dir;
    this.renderer = renderer;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('FirstPaint', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).afterTemplateExecution.tap('FirstPaint', (data) => {
        const code = this.renderer();
        if (!code) throw new Error('first paint: its renderer was not built');
        const body = loadRenderer(this.dir, code).firstPaintBody();
        const css = Object.keys(compilation.assets)
          .filter((file) => file.endsWith('.css'))
          .map((file) => compilation.assets[file].source().toString())
          .join('\n');
        const classes = new Set([...body.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1].split(/\s+/).filter(Boolean)));
        const missing = [...classes].filter((name) => !css.includes(`.${name}`));
        if (missing.length) throw new Error(`first paint: classes the build's CSS does not define: ${missing.join(', ')}`);
        const root = '<div id="root"></div>';
        if (!data.html.includes(root)) throw new Error(`first paint: the page template has no ${root}`);
        data.html = data.html.replace(root, body);
        return data;
      });
    });
  }
}

/**
 * The renderer's compiler and the page's plugin, paired: the renderer is built first (the page's
 * compiler depends on it) and its code handed over in memory.
 * @param {{ dir: string, cssPrefix: string, entry: string }} options
 */
function firstPaint({ dir, cssPrefix, entry }) {
  /** @type {string | null} */
  let renderer = null;
  const config = firstPaintConfig({ dir, cssPrefix, entry, built: (code) => (renderer = code) });
  return { config, plugin: new FirstPaint(dir, () => renderer) };
}

module.exports = { firstPaint, loadRenderer };
