const createConfig = require('../webpack/app');
const { API, CONSOLE, PACKAGES, portOf, runtimeConfig } = require('../scripts/ports');

const ports = () => Object.fromEntries([['api', portOf(API)], ...PACKAGES.map((pkg) => [pkg.name, portOf(pkg)])]);

module.exports = createConfig({
  dir: __dirname,
  name: 'ops',
  cssPrefix: 'ops',
  port: Number(process.env.PORT) || portOf(CONSOLE),
  title: 'Instalment operations',
  devConfig: () => runtimeConfig({ host: 'localhost', ports: ports() }),
});
