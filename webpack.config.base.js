// The one webpack factory every package calls: a package's own config names what is its own
// (container name, port, CSS prefix, exposed modules) and nothing else.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { require: requireTs } = require('tsx/cjs/api');
const { InjectManifest } = require('workbox-webpack-plugin');

/**
 * DESIGN §3: singletons only for state. One copy in the browser of React and of the host SDK
 * (`@instalment/host-sdk`: the HTTP client and its error class, the session, the host door, the
 * chosen language); everything else a remote uses (`@instalment/contract`, `@instalment/ui`) is
 * bundled, tree-shaken, into that remote, so its team's deploy ships its pages, its API calls and
 * the UI they use, and a release of either changes no singleton's version. The look stays one
 * through the shell's design tokens (CSS custom properties).
 * react-router-dom, mobx, mobx-react-lite and axios are bundled into the shell: remotes navigate
 * through the host, call through its HTTP client and follow the session with the host SDK's
 * `observer`, so none of them is a singleton of its own.
 */
const HOST_SDK = '@instalment/host-sdk';
/** Where a remote's published releases are kept in its dist (the contract's name for the folder). */
const { RELEASES_FOLDER } = requireTs('./packages/contract/src/api/releases.ts', __filename);
const FEDERATION_RUNTIME = path.join(__dirname, 'packages', 'federation', 'src', 'runtime');
const STATE_SUBPATHS = ['http', 'session', 'host', 'locale'];
const LIBRARIES = [
  { name: 'react', pkg: 'react', strictVersion: true },
  { name: 'react/jsx-runtime', pkg: 'react', strictVersion: true },
  { name: 'react-dom', pkg: 'react-dom', strictVersion: true },
  { name: 'react-dom/client', pkg: 'react-dom', strictVersion: true },
];

/**
 * The version a package was built against, read from the package.json its build resolves (a
 * remote built in another checkout, against another release of the contract, reads that one).
 * @param {string} pkg @param {string} dir
 */
function builtVersion(pkg, dir) {
  for (let folder = dir; ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return /** @type {string} */ (JSON.parse(fs.readFileSync(file, 'utf8')).version);
    if (path.dirname(folder) === folder) throw new Error(`${pkg} is not installed for ${dir}`);
  }
}

/**
 * Real versions: each shared module carries the version of the package it comes from, and asks
 * for the major it was built against (`^major.0.0`: a minor release of the host SDK adds, never
 * breaks). React and the host SDK are strict: a build against another major fails into the
 * page's error view (the federation runtime refuses the share) instead of rendering against the
 * wrong host door or starting a second React.
 *
 * The shell provides its singletons eagerly, inside its entry chunk: one request instead of a
 * chunk per package, and no round trip between the entry and the first render. Remotes consume
 * the shell's copies; their own stay lazy fallbacks that a composed app never downloads.
 * @param {boolean} host @param {string} dir
 */
function sharedSingletons(host, dir) {
  /** @type {Record<string, { singleton: true, eager: boolean, requiredVersion: string, version: string, strictVersion: boolean }>} */
  const shared = {};
  const entry = (/** @type {string} */ version, /** @type {boolean} */ strictVersion) => ({
    singleton: /** @type {const} */ (true),
    eager: host,
    version,
    requiredVersion: `^${version.split('.')[0]}.0.0`,
    strictVersion,
  });
  for (const library of LIBRARIES) shared[library.name] = entry(builtVersion(library.pkg, dir), library.strictVersion);
  const sdk = builtVersion(HOST_SDK, dir);
  for (const subpath of STATE_SUBPATHS) shared[`${HOST_SDK}/${subpath}`] = entry(sdk, true);
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
 * Copies a package's `public/` folder (a host's favicon, the shell's icons and web app manifest) into its
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
 * The TypeScript and CSS rules, one shape for the browser's build and the first paint's: CSS
 * module class names come from the same hash of the same file, so the markup the first paint
 * writes into index.html carries the classes the browser build's CSS defines.
 * @param {{ cssPrefix: string, production: boolean, cssLoader: any }} options
 */
function sourceRules({ cssPrefix, production, cssLoader }) {
  return [
    {
      test: /\.tsx?$/,
      loader: 'ts-loader',
      // Types are checked once for the whole workspace by `tsc` in the test command. Its source
      // maps are chained into the build's: a browser's error maps to the TypeScript line, not ts-loader's output.
      options: {
        transpileOnly: true,
        configFile: path.join(__dirname, 'tsconfig.base.json'),
        compilerOptions: { noEmit: false, sourceMap: true },
      },
    },
    {
      test: /\.css$/,
      use: [
        ...(cssLoader ? [cssLoader] : []),
        {
          loader: 'css-loader',
          options: {
            modules: {
              auto: /\.module\.css$/,
              localIdentName: production ? `${cssPrefix}-[hash:base64:6]` : `${cssPrefix}-[name]-[local]`,
              namedExport: false,
              exportLocalsConvention: 'as-is',
              exportOnlyLocals: !cssLoader,
            },
          },
        },
      ],
    },
    { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
  ];
}

/**
 * The build of the first paint's renderer (`options.firstPaint`): the shell's own components for
 * Node, its packages left to Node's require, and the contract (`@instalment/*`) compiled in, CSS
 * classes only. Nothing of it is written out: its code is handed to `built` in memory.
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
 * Draws the first paint into index.html, before the page is minified: home's frame in the default
 * language in #root, the others in templates a small script swaps in. A class the paint uses
 * that the build's CSS does not define fails the build (the paint would move when React draws).
 */
class FirstPaint {
  /** @param {string} dir @param {() => string | null} renderer  the renderer's code, once built */
  constructor(dir, renderer) {
    this.dir = dir;
    this.renderer = renderer;
  }

  /** Runs the renderer's code as a module of the package, so its packages resolve from there. */
  load() {
    const code = this.renderer();
    if (!code) throw new Error('first paint: its renderer was not built');
    const Module = /** @type {any} */ (require('node:module'));
    const file = path.join(this.dir, 'first-paint-renderer.js');
    const renderer = new Module(file, module);
    renderer.filename = file;
    renderer.paths = Module._nodeModulePaths(this.dir);
    renderer._compile(code, file);
    return /** @type {{ firstPaintBody(): string }} */ (renderer.exports);
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('FirstPaint', (compilation) => {
      const hooks = HtmlWebpackPlugin.getHooks(compilation);
      hooks.afterTemplateExecution.tap('FirstPaint', (data) => {
        const body = this.load().firstPaintBody();
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
 * The federation runtime is loaded once, by the host: remotes built for production use the
 * host's copy instead of carrying their own. The runtime core (about 19 kB gzip) comes through
 * the enhanced plugin's external runtime; the bundler runtime each container's webpack runtime
 * calls (about 4 kB gzip more per entry) is left by a host's runtime plugin where a remote's entry
 * takes it (packages/federation/src/runtime). The injected provider would otherwise resolve the
 * runtime core's CommonJS build beside the ESM one the bundler runtime uses, so it is pointed at
 * its ESM build. A remote never loads another remote, so its entry goes without the code that
 * would (`disableRemote`).
 */
/**
 * @param {{ host: boolean, production: boolean }} options
 * @returns {{ experiments: { externalRuntime?: boolean, provideExternalRuntime?: boolean, optimization?: { target: 'web', disableRemote?: boolean } }, alias: Record<string, string>, runtimePlugins: string[] }}
 */
function federationRuntime({ host, production }) {
  if (!production) return { experiments: {}, alias: {}, runtimePlugins: [] };
  /** @type {{ target: 'web' }} */
  const optimization = { target: 'web' };
  if (!host) {
    return {
      experiments: { externalRuntime: true, optimization: { ...optimization, disableRemote: true } },
      alias: {
        [require.resolve('@module-federation/webpack-bundler-runtime/bundler')]: path.join(FEDERATION_RUNTIME, 'hostBundlerRuntime.ts'),
      },
      runtimePlugins: [],
    };
  }
  const provider = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return {
    experiments: { provideExternalRuntime: true, optimization },
    alias: { [provider]: path.join(path.dirname(provider), 'index.js') },
    runtimePlugins: [path.join(FEDERATION_RUNTIME, 'provideBundlerRuntime.ts')],
  };
}

/**
 * What a remote exposes and publishes, read from the page tables its build sees: SPEC §2's rows it
 * draws and its home widgets (packages/federation/src/pages), the pages its team adds in the remote's own
 * `src/pages.ts` (`EXTRA_PAGES`), and its team's operator screens (`src/ops/pages.ts`,
 * `OPS_PAGES`). Both lists ride in the manifest (`metaData.pages`, `metaData.opsPages`), so the
 * shell and the console learn a new page from the deploy.
 * @param {string} dir @param {string} remote
 */
function remoteOf(dir, remote) {
  /** @type {typeof import('./packages/federation/src/pages')} */
  const pages = requireTs('./packages/federation/src/pages/index.ts', __filename);
  /** @type {typeof import('./packages/federation/src/ops-pages')} */
  const ops = requireTs('./packages/federation/src/ops-pages.ts', __filename);
  /** @type {(file: string, name: string) => any[]} */
  const ownTable = (file, name) => (fs.existsSync(path.join(dir, file)) ? requireTs(path.join(dir, file), __filename)[name] : []);
  /** @type {import('./packages/federation/src/pages').ExtraPage[]} */
  const extras = ownTable('src/pages.ts', 'EXTRA_PAGES');
  const screens = ops.opsPublicationOf(ownTable('src/ops/pages.ts', 'OPS_PAGES'));
  return {
    exposes: { ...pages.exposesOf(remote, extras), ...screens.exposes },
    published: { pages: pages.publishedPagesOf(remote, extras), [ops.OPS_PAGES_METADATA]: screens.published },
  };
}

/**
 * @param {object} options
 * @param {string} options.dir        the package folder (__dirname of its config)
 * @param {string} options.name       federation container name, e.g. 'mf_loan' or 'shell'
 * @param {string} options.cssPrefix  prefix of this package's CSS class names
 * @param {number} options.port       dev-server port
 * @param {boolean} [options.remote]  a remote: it exposes and publishes the pages of the container `name`
 * @param {string} [options.title]    document title of the package's own page
 * @param {() => object} [options.devConfig]  what the dev server answers for /config.json (the shell)
 * @param {string} [options.serviceWorker]  the host's service worker source, built into `sw.js` with
 *   the list of the build's files to precache (production only)
 * @param {object} [options.earlyExposes]  what the host page preloads before the shell runs, by route
 *   (shell/src/early/table.ts, read by src/early/inline.js)
 * @param {string} [options.firstPaint]  the module drawing the host page's first paint at build time
 *   (production only; `firstPaintBody()`, written into index.html by FirstPaint)
 */
function createConfig({ dir, name, cssPrefix, port, remote = false, title = name, devConfig, serviceWorker, earlyExposes, firstPaint }) {
  /** @param {unknown} _env @param {{ mode?: string }} argv */
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const host = !remote;
    const { exposes, published } = remote ? remoteOf(dir, name) : { exposes: {}, published: {} };
    const runtime = federationRuntime({ host, production });
    // The first paint's renderer, built by the compiler before this one and handed over here.
    /** @type {string | null} */
    let renderer = null;
    const browser = {
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
        // The releases published from earlier builds (scripts/publish.js) stay served beside this one.
        clean: { keep: new RegExp(`^${RELEASES_FOLDER}(/|$)`) },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: runtime.alias },
      module: {
        rules: sourceRules({ cssPrefix, production, cssLoader: production ? MiniCssExtractPlugin.loader : 'style-loader' }),
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: production ? REMOTE_ENTRY.production : REMOTE_ENTRY.development,
          exposes,
          remotes: {},
          shared: sharedSingletons(host, dir),
          runtimePlugins: runtime.runtimePlugins,
          // The shell's eager singletons are in the share scope before any remote: take what is
          // loaded. 'version-first' would fetch every registered remote's entry to compare versions.
          shareStrategy: 'loaded-first',
          manifest: {
            filePath: '',
            additionalData: ({ stats }) => ({ ...stats, metaData: { ...stats.metaData, ...published } }),
          },
          dts: false,
          experiments: runtime.experiments,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'scripts', 'index.html'),
          title,
          chunks: ['main'],
          // Each host's tab icon (the app's and the console's); the app's install icons and manifest.
          tabIcon: host && fs.existsSync(path.join(dir, 'public', 'favicon.svg')),
          appIcons: host && fs.existsSync(path.join(dir, 'public', 'manifest.webmanifest')),
          // The shell's page starts config.json, the manifests and the opening route's chunks itself.
          earlyScript: earlyExposes && production ? fs.readFileSync(path.join(dir, 'src', 'early', 'inline.js'), 'utf8') : null,
          earlyExposes: earlyExposes ? JSON.stringify(earlyExposes) : null,
        }),
        ...(host ? [new PublicFiles(path.join(dir, 'public'))] : []),
        ...(firstPaint && production ? [new FirstPaint(dir, () => renderer)] : []),
        ...(serviceWorker && production
          ? [
              new InjectManifest({
                swSrc: path.join(dir, serviceWorker),
                swDest: 'sw.js',
                // The page is served from the worker's last good copy and revalidated, not pinned to a build.
                exclude: [/\.map$/, /\.html$/, /LICENSE/],
              }),
            ]
          : []),
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
    if (!firstPaint || !production) return browser;
    const built = (/** @type {string} */ code) => (renderer = code);
    return [firstPaintConfig({ dir, cssPrefix, entry: firstPaint, built }), { ...browser, name, dependencies: ['first-paint'] }];
  };
}

module.exports = createConfig;
// The bench's monolith bundles the same pages the remotes expose, read the same way.
module.exports.remoteOf = remoteOf;
