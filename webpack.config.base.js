// The one webpack factory every package calls: a package's own config names what is its own
// (container name, port, CSS prefix, exposed modules) and nothing else.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * The parts of the contract package that hold state or identity (the HTTP client and its error
 * class, the session, HostContext, the locale, components reading the host): one instance for
 * the whole app. The stateless parts (api, loan, validation, format) are not shared: a shared
 * module is never tree-shaken, so each package bundles only what it uses of them.
 * `host: false` marks what only the remotes use (uploads, the standalone harness): the shell
 * neither imports nor provides those.
 */
const SHARED_SUBPATHS = /** @type {const} */ ({
  http: { host: true },
  session: { host: true },
  host: { host: true },
  i18n: { host: true },
  ui: { host: true },
  upload: { host: false },
  harness: { host: false },
});

/**
 * DESIGN §3: one copy of each of these in the browser, whatever the load order.
 * react-router-dom is imported by the shell alone (pages navigate through the host), so it is
 * bundled, tree-shaken, into the shell instead of being shared whole (62 kB against ~30 kB gzip).
 *
 * The shell always provides its singletons, so it provides them eagerly, inside its entry chunk:
 * one request instead of a chunk per package (and webpack's duplicated provide/consume chunks),
 * and no round trip between the entry and the first render. Remotes consume the shell's copies;
 * their own stay lazy fallbacks that a composed app never downloads.
 * @param {boolean} host
 */
function sharedSingletons(host) {
  /** @type {Record<string, { singleton: boolean, eager: boolean, requiredVersion: string | false, version?: string }>} */
  const shared = {};
  for (const name of ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'mobx', 'mobx-react-lite', 'axios']) {
    shared[name] = { singleton: true, eager: host, requiredVersion: false };
  }
  for (const [subpath, use] of Object.entries(SHARED_SUBPATHS)) {
    if (host && !use.host) continue;
    shared[`@instalment/shared/${subpath}`] = { singleton: true, eager: host, requiredVersion: '^1.0.0', version: '1.0.0' };
  }
  return shared;
}

/**
 * webpack 5.111 asks for chunk file names while hashing, before content hashes exist, and the
 * federation runtime module does so to learn the output folder (module-federation/core#5077).
 * Until the hash is known the name comes without it; the emitted files always carry it.
 */
/** @param {string} template */
function contentHashed(template) {
  /** @param {{ chunk?: { contentHash?: Record<string, string> } }} pathData */
  return (pathData) => (pathData.chunk?.contentHash?.javascript ? template : template.replace('.[contenthash:8]', ''));
}

/**
 * A container's entry. Its production name carries the build's hash (the manifest names it), so
 * it is cached for good like every other hashed file and only the manifest is asked again.
 * (`[contenthash]` is not available to the federation runtime when it asks for this name.)
 */
const REMOTE_ENTRY = { production: 'remoteEntry.[fullhash:8].js', development: 'remoteEntry.js' };

/**
 * Copies a package's `public/` folder (the shell's favicon, icons and web app manifest) into its
 * build as it is: these files are named by the page and the manifest, never by a hash.
 */
class PublicFiles {
  /** @param {string} dir */
  constructor(dir) {
    this.dir = dir;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PublicFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFiles', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          for (const name of fs.readdirSync(this.dir)) {
            const file = path.join(this.dir, name);
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

/**
 * The federation runtime is loaded once, by the host: remotes built for production use the
 * host's copy instead of carrying their own (about 19 kB gzip each). The injected provider
 * would otherwise resolve the runtime core's CommonJS build beside the ESM one the bundler
 * runtime uses, so it is pointed at its ESM build.
 */
/**
 * @param {{ host: boolean, production: boolean }} options
 * @returns {{ experiments: { externalRuntime?: boolean, provideExternalRuntime?: boolean, optimization?: { target: 'web' } }, alias: Record<string, string> }}
 */
function federationRuntime({ host, production }) {
  if (!production) return { experiments: {}, alias: {} };
  /** @type {{ target: 'web' }} */
  const optimization = { target: 'web' };
  if (!host) return { experiments: { externalRuntime: true, optimization }, alias: {} };
  const provider = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return {
    experiments: { provideExternalRuntime: true, optimization },
    alias: { [provider]: path.join(path.dirname(provider), 'index.js') },
  };
}

/**
 * @param {object} options
 * @param {string} options.dir        the package folder (__dirname of its config)
 * @param {string} options.name       federation container name, e.g. 'mf_loan' or 'shell'
 * @param {string} options.cssPrefix  prefix of this package's CSS class names
 * @param {number} options.port       dev-server port
 * @param {Record<string,string>} [options.exposes]  exposed modules (remotes)
 * @param {string} [options.title]    document title of the package's own page
 * @param {() => object} [options.devConfig]  what the dev server answers for /config.json (the shell)
 * @param {Record<string, Array<[string, string]>>} [options.earlyExposes]  route → [remote, module] the
 *   host page preloads before the shell runs (src/early/inline.js)
 */
module.exports = function createConfig({ dir, name, cssPrefix, port, exposes, title = name, devConfig, earlyExposes }) {
  /** @param {unknown} _env @param {{ mode?: string }} argv */
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const host = !exposes;
    const runtime = federationRuntime({ host, production });
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        filename: production ? contentHashed('[name].[contenthash:8].js') : '[name].js',
        chunkFilename: production ? contentHashed('[name].[contenthash:8].js') : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: runtime.alias },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'ts-loader',
            // Types are checked once for the whole workspace by `tsc` in the test command.
            options: { transpileOnly: true, configFile: path.join(__dirname, 'tsconfig.base.json'), compilerOptions: { noEmit: false } },
          },
          {
            test: /\.css$/,
            use: [
              production ? MiniCssExtractPlugin.loader : 'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    auto: /\.module\.css$/,
                    localIdentName: production ? `${cssPrefix}-[hash:base64:6]` : `${cssPrefix}-[name]-[local]`,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                  },
                },
              },
            ],
          },
          { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: production ? REMOTE_ENTRY.production : REMOTE_ENTRY.development,
          exposes: exposes ?? {},
          remotes: {},
          shared: sharedSingletons(host),
          // The shell's eager singletons are in the share scope before any remote: take what is
          // loaded. 'version-first' would fetch every registered remote's entry to compare versions.
          shareStrategy: 'loaded-first',
          manifest: { filePath: '' },
          dts: false,
          experiments: runtime.experiments,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'scripts', 'index.html'),
          title,
          chunks: ['main'],
          appIcons: host && fs.existsSync(path.join(dir, 'public')),
          // The shell's page starts config.json, the manifests and the opening route's chunks itself.
          earlyScript: earlyExposes && production ? fs.readFileSync(path.join(dir, 'src', 'early', 'inline.js'), 'utf8') : null,
          earlyExposes: earlyExposes ? JSON.stringify(earlyExposes) : null,
        }),
        ...(host ? [new PublicFiles(path.join(dir, 'public'))] : []),
        ...(production
          ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })]
          : []),
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
  };
};
