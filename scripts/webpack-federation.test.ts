import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration, type Stats } from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS modules, typed by JSDoc
const { federationRuntime } = require('../webpack/federation') as {
  federationRuntime: (options: { host: boolean; production: boolean; name: string }) => {
    experiments: ConstructorParameters<typeof ModuleFederationPlugin>[0]['experiments'];
    alias: Record<string, string>;
    runtimePlugins: string[];
    plugins: webpack.WebpackPluginInstance[];
  };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS modules, typed by JSDoc
const { loadRenderer } = require('../webpack/first-paint') as { loadRenderer: (dir: string, code: string) => { firstPaintBody(): string } };

const ROOT = path.join(__dirname, '..');
const WEBPACK = path.join(ROOT, 'webpack');
let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'webpack-federation-'));
  fs.writeFileSync(path.join(work, 'Page.js'), 'export default function Page() { return "page"; }\n');
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * A remote's production build as webpack/app.js makes it, one page exposed; `aliased` false is what
 * a second, nested copy of the bundler runtime does: the alias to the host's copy does not apply.
 */
function buildRemote(aliased: boolean): Promise<Stats> {
  const runtime = federationRuntime({ host: false, production: true, name: 'mf_check' });
  const config: Configuration = {
    mode: 'production',
    context: ROOT,
    entry: {},
    output: { path: path.join(work, aliased ? 'good' : 'nested'), publicPath: 'auto' },
    resolve: { extensions: ['.ts', '.js'], alias: aliased ? runtime.alias : {} },
    module: {
      rules: [
        { test: /\.ts$/, loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { module: 'esnext', noEmit: false } } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'mf_check',
        filename: 'remoteEntry.js',
        exposes: { './Page': path.join(work, 'Page.js') },
        manifest: false,
        dts: false,
        experiments: runtime.experiments,
      }),
      ...runtime.plugins,
    ],
    optimization: { minimize: false },
  };
  return new Promise((resolve, reject) =>
    webpack(config, (error, stats) => (error || !stats ? reject(error ?? new Error('no stats')) : resolve(stats))),
  );
}

const errorsOf = (stats: Stats) => stats.toJson({ all: false, errors: true }).errors?.map((error) => error.message) ?? [];

describe('a production remote’s entry takes the host’s bundler runtime, or its build fails', () => {
  test('an entry that imports the host’s copy builds', async () => {
    expect(errorsOf(await buildRemote(true))).toEqual([]);
  }, 60_000);

  test('an entry that still carries the package’s own code fails, naming the remote', async () => {
    const errors = errorsOf(await buildRemote(false));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/remote mf_check's entry carries its own @module-federation\/webpack-bundler-runtime/);
    expect(errors[0]).toMatch(/webpack-bundler-runtime[\\/]dist[\\/]/);
  }, 60_000);
});

describe('the build machinery stays small and on public APIs', () => {
  const files = fs.readdirSync(WEBPACK).filter((file) => file.endsWith('.js'));

  test.each(files)('webpack/%s is at most 150 lines and reaches into no private Node API', (file) => {
    const source = fs.readFileSync(path.join(WEBPACK, file), 'utf8');
    expect(source.split('\n').length).toBeLessThanOrEqual(150);
    expect(source).not.toMatch(/\._compile\b|_nodeModulePaths|_resolveFilename/);
  });

  test('the first paint’s renderer runs as a file of its package: its requires resolve from that folder', () => {
    const shell = path.join(ROOT, 'shell');
    const code =
      "const { renderToStaticMarkup } = require('react-dom/server'); exports.firstPaintBody = () => renderToStaticMarkup(require('react').createElement('p', null, __dirname));";
    expect(loadRenderer(shell, code).firstPaintBody()).toBe(`<p>${shell}</p>`);
  });
});
