const { require: requireTs } = require('tsx/cjs/api');
const createConfig = require('../webpack/app');
const { API, PACKAGES, portOf, runtimeConfig } = require('../scripts/ports');

/** @type {typeof import('./src/early/table')} */
const early = requireTs('./src/early/table.ts', __filename);

const ports = () => Object.fromEntries([['api', portOf(API)], ...PACKAGES.map((pkg) => [pkg.name, portOf(pkg)])]);

/** What makes the shell's page more than a bundle's; the bench's second baseline takes the same. */
const pageOptions = {
  serviceWorker: 'worker/service-worker.ts',
  // index.html draws home's frame before any script: the shell's components rendered at build time.
  firstPaint: './src/firstPaint/render.tsx',
  // What each route opens with, for the page's inline script: the pages table decides.
  earlyExposes: early.earlyTable(),
};

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  cssPrefix: 'sh',
  port: Number(process.env.PORT) || portOf(PACKAGES[0]),
  title: 'loan treasure',
  // In development the remotes are the dev servers on the configured ports.
  devConfig: () => runtimeConfig({ host: 'localhost', ports: ports() }),
  ...pageOptions,
});
module.exports.pageOptions = pageOptions;
