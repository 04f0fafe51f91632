import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration, type MultiStats } from 'webpack';
import { BUNDLER_RUNTIME_VERSION, SELF_CONTAINED_FOLDER } from '../packages/federation/src/runtime/bundlerRuntime';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS modules, typed by JSDoc
const { federationRuntime } = require('../webpack/federation') as {
  federationRuntime: (options: { host: boolean; production: boolean; name: string }) => {
    experiments: FederationOptions['experiments'];
    alias: Record<string, string>;
    runtimePlugins: string[];
    plugins: webpack.WebpackPluginInstance[];
  };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS modules, typed by JSDoc
const { withSelfContained, BUILT_WITH } = require('../webpack/self-contained') as {
  withSelfContained: (remote: Configuration & { name: string }, federation: FederationOptions) => Configuration[];
  BUILT_WITH: Record<string, string>;
};

const ROOT = path.join(__dirname, '..');
let dist: string;

/** A remote's production build as webpack/app.js makes it, one page exposed, and its self-contained build beside it. */
beforeAll(async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'self-contained-'));
  fs.writeFileSync(path.join(work, 'Page.js'), 'export default function Page() { return "page"; }\n');
  dist = path.join(work, 'dist');
  const runtime = federationRuntime({ host: false, production: true, name: 'mf_check' });
  const federation: FederationOptions = {
    name: 'mf_check',
    filename: 'remoteEntry.js',
    exposes: { './Page': path.join(work, 'Page.js') },
    manifest: { filePath: '', additionalData: async ({ stats }) => ({ ...stats, metaData: { ...stats.metaData, ...BUILT_WITH } }) },
    dts: false,
    experiments: runtime.experiments,
  };
  const remote = {
    name: 'mf_check',
    mode: 'production' as const,
    context: ROOT,
    entry: {},
    output: { path: dist, publicPath: 'auto', uniqueName: 'mf_check', clean: true },
    resolve: { extensions: ['.ts', '.js'], alias: runtime.alias },
    module: {
      rules: [
        { test: /\.ts$/, loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { module: 'esnext', noEmit: false } } },
      ],
    },
    plugins: [new ModuleFederationPlugin(federation), ...runtime.plugins],
    optimization: { minimize: false },
  };
  const stats = await new Promise<MultiStats>((resolve, reject) =>
    webpack(withSelfContained(remote, federation), (error, result) =>
      error || !result ? reject(error ?? new Error('no stats')) : resolve(result),
    ),
  );
  expect(stats.toJson({ all: false, errors: true }).errors).toEqual([]);
}, 120_000);
afterAll(() => fs.rmSync(path.dirname(dist), { recursive: true, force: true }));

const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
const manifestOf = (folder: string) => JSON.parse(read(path.join(folder, 'mf-manifest.json'))) as { metaData: Record<string, unknown> };

describe('a remote’s self-contained build', () => {
  test('sits beside the remote’s manifest with a manifest of its own, both naming the bundler runtime release they were built with', () => {
    expect(manifestOf('.').metaData.bundlerRuntime).toBe(BUNDLER_RUNTIME_VERSION);
    expect(manifestOf(SELF_CONTAINED_FOLDER).metaData.bundlerRuntime).toBe(BUNDLER_RUNTIME_VERSION);
    expect(manifestOf(SELF_CONTAINED_FOLDER).metaData.name).toBe('mf_check');
  });

  test('runs its own copy of the federation runtime, where the remote’s entry runs its host’s', () => {
    const entry = read('remoteEntry.js');
    const own = read(path.join(SELF_CONTAINED_FOLDER, 'remoteEntry.js'));
    expect(entry).toMatch(/_FEDERATION_RUNTIME_CORE/);
    expect(entry).toMatch(/the host provides no bundler runtime/);
    expect(own).not.toMatch(/_FEDERATION_RUNTIME_CORE/);
    expect(own).not.toMatch(/the host provides no bundler runtime/);
    expect(own).toMatch(/webpack-bundler-runtime/);
  });

  test('is built after the remote’s own build, whose cleaning of the output folder leaves it whole', () => {
    expect(fs.readdirSync(path.join(dist, SELF_CONTAINED_FOLDER))).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
  });
});
