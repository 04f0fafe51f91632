const createConfig = require('../webpack.config.base');
const { API, PACKAGES, portOf, runtimeConfig } = require('../scripts/ports');

const ports = () => Object.fromEntries([['api', portOf(API)], ...PACKAGES.map((pkg) => [pkg.name, portOf(pkg)])]);

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  cssPrefix: 'sh',
  port: Number(process.env.PORT) || portOf(PACKAGES[0]),
  title: 'loan treasure',
  // In development the remotes are the dev servers on the configured ports.
  devConfig: () => runtimeConfig({ host: 'localhost', ports: ports() }),
});
