// What each package's own webpack config says about itself (container name, CSS prefix, exposed
// modules), read from the config files the apps build with, so the monolith can never drift
// from the federated build's list of pages.
const Module = require('node:module');
const path = require('node:path');
const { PACKAGES } = require('../../scripts/ports');

const ROOT = path.join(__dirname, '..', '..');
const FACTORY = path.join(ROOT, 'webpack', 'app.js');

/**
 * A package config is `createConfig({ ... })` of the shared factory; loading it with the factory
 * swapped for the identity function hands back the options object instead of a webpack config.
 */
function packageOptions(name) {
  const configPath = require.resolve(path.join(ROOT, name, 'webpack.config.js'));
  const baseKey = require.resolve(FACTORY);
  const savedBase = require.cache[baseKey];
  const savedConfig = require.cache[configPath];
  const stub = new Module(baseKey);
  stub.filename = baseKey;
  stub.loaded = true;
  stub.exports = (options) => options;
  require.cache[baseKey] = stub;
  delete require.cache[configPath];
  try {
    return require(configPath);
  } finally {
    if (savedBase) require.cache[baseKey] = savedBase;
    else delete require.cache[baseKey];
    if (savedConfig) require.cache[configPath] = savedConfig;
    else delete require.cache[configPath];
  }
}

/** Every package of the app with its folder, CSS prefix and exposed modules as absolute paths. */
function appPackages() {
  /** @type {typeof import('../../webpack/pages')} */
  const { remoteOf } = require(path.join(ROOT, 'webpack', 'pages.js'));
  return PACKAGES.map((pkg) => {
    const options = packageOptions(pkg.name);
    const dir = path.join(ROOT, pkg.name);
    // A remote's exposes come from the page tables, as its own build reads them (webpack/pages.js).
    const own = options.remote ? remoteOf(dir, options.name).exposes : {};
    const exposes = Object.fromEntries(Object.entries(own).map(([key, file]) => [key, path.resolve(dir, file)]));
    return { name: pkg.name, remote: pkg.remote ?? null, dir, cssPrefix: options.cssPrefix, title: options.title, exposes };
  });
}

module.exports = { appPackages, ROOT };
