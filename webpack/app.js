// The one webpack factory every package's webpack.config.js calls: a package's own config names
// what is its own (container name, port, CSS prefix, pages) and nothing else.
const path = require('node:path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { require: requireTs } = require('tsx/cjs/api');
const { federationRuntime, REMOTE_ENTRY } = require('./federation');
const { firstPaint: firstPaintOf } = require('./first-paint');
const { pagePlugins } = require('./page');
const { remoteOf } = require('./pages');
const { withSelfContained, BUILT_WITH } = require('./self-contained');
const { sharedSingletons } = require('./shared');
const { sourceRules } = require('./source-rules');

/** Where a remote's published releases are kept in its dist (the contract's name for the folder). */
const { RELEASES_FOLDER } = requireTs('../packages/contract/src/api/releases.ts', __filename);

/**
 * webpack 5.111 asks for chunk file names while hashing, before content hashes exist, and the
 * federation runtime module does so to learn the output folder (module-federation/core#5077).
 * Until the hash is known the name comes without it; the emitted files always carry it.
 * @param {string} template
 */
function contentHashed(template) {
  /** @param {{ chunk?: { contentHash?: Record<string, string> } }} pathData */
  return (pathData) => (pathData.chunk?.contentHash?.javascript ? template : template.replace('.[contenthash:8]', ''));
}

/**
 * @param {object} options
 * @param {string} options.dir        the package folder (__dirname of its config)
 * @param {string} options.name       federation container name, e.g. 'mf_loan' or 'shell'
 * @param {string} options.cssPrefix  prefix of this package's CSS class names
 * @param {number} options.port       dev-server port
 * @param {boolean} [options.remote]  a remote: it exposes and publishes the pages of the container `name`
 * @param {string} [options.title]    document title of the package's own page
 * @param {() => object} [options.devConfig]  what the dev server answers for /config.json (the hosts)
 * @param {string} [options.serviceWorker]  the host's service worker source, built into `sw.js` with
 *   the list of the build's files to precache (production only)
 * @param {object} [options.earlyExposes]  what the host page preloads before the shell runs, by route
 *   (shell/src/early/table.ts, read by src/early/inline.js)
 * @param {string} [options.firstPaint]  the module drawing the host page's first paint at build time
 *   (production only; `firstPaintBody()`, written into index.html)
 */
function createConfig({ dir, name, cssPrefix, port, remote = false, title = name, devConfig, serviceWorker, earlyExposes, firstPaint }) {
  /**
   * @param {{ outputPath?: string }} env  `--env outputPath=…` builds elsewhere than `dist/` (the bench does);
   *   webpack's `--output-path` would also move a second compiler's output onto this one's
   * @param {{ mode?: string }} argv
   */
  return (env, argv) => {
    const production = argv.mode !== 'development';
    const host = !remote;
    const { exposes, published } = remote ? remoteOf(dir, name) : { exposes: {}, published: {} };
    const runtime = federationRuntime({ host, production, name });
    const paint = firstPaint && production ? firstPaintOf({ dir, cssPrefix, entry: firstPaint }) : null;
    const federation = {
      name,
      filename: production ? REMOTE_ENTRY.production : REMOTE_ENTRY.development,
      exposes,
      remotes: {},
      shared: sharedSingletons(host, dir),
      runtimePlugins: runtime.runtimePlugins,
      // The shell's eager singletons are in the share scope before any remote: take what is
      // loaded. 'version-first' would fetch every registered remote's entry to compare versions.
      shareStrategy: /** @type {const} */ ('loaded-first'),
      manifest: {
        filePath: '',
        additionalData: ({ stats }) => ({ ...stats, metaData: { ...stats.metaData, ...published, ...BUILT_WITH } }),
      },
      dts: false,
      experiments: runtime.experiments,
    };
    const browser = {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: env?.outputPath ?? path.join(dir, 'dist'),
        publicPath: 'auto',
        filename: production ? contentHashed('[name].[contenthash:8].js') : '[name].js',
        chunkFilename: production ? contentHashed('[name].[contenthash:8].js') : '[name].js',
        uniqueName: name,
        // A remote's chunks and styles come from its own origin: fetched in CORS mode (the
        // deployments answer the hosts' origins), the errors its code throws reach the host's
        // telemetry whole instead of muted to "Script error." (the runtime's files and the
        // shell's early preloads ask the same way: packages/federation/src/loader/remotes.ts,
        // shell/src/early/inline.js). Same-origin files are left as they are.
        crossOriginLoading: 'anonymous',
        // The releases published from earlier builds (scripts/publish.js) stay served beside this one.
        clean: { keep: new RegExp(`^${RELEASES_FOLDER}(/|$)`) },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: runtime.alias },
      module: {
        rules: sourceRules({ cssPrefix, production, cssLoader: production ? MiniCssExtractPlugin.loader : 'style-loader' }),
      },
      plugins: [
        new ModuleFederationPlugin(federation),
        ...runtime.plugins,
        ...pagePlugins({ dir, title, host, production, serviceWorker, earlyExposes, firstPaint: paint?.plugin ?? null }),
      ],
      optimization: { moduleIds: production ? 'deterministic' : 'named' },
      performance: { hints: false },
      devServer: {
        port,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        static: false,
        setupMiddlewares: (middlewares) =>
          devConfig
            ? [{ name: 'config.json', path: '/config.json', middleware: (_req, res) => res.json(devConfig()) }, ...middlewares]
            : middlewares,
      },
      stats: 'errors-warnings',
    };
    // The renderer is built first: the page's compiler waits for it.
    if (paint) return [paint.config, { ...browser, name, dependencies: ['first-paint'] }];
    return remote && production ? withSelfContained({ ...browser, name }, federation) : browser;
  };
}

module.exports = createConfig;
