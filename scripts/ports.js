// The ports of the composed app, one owner: start, e2e, bench and each package's webpack config
// read them from here. Which remote a package builds is owned by shared/src/pages/remotes.json.
const REMOTES = require('../shared/src/pages/remotes.json');

const remoteOfPackage = (name) => Object.keys(REMOTES).find((remote) => REMOTES[remote] === name);

const PACKAGES = [
  { name: 'shell', env: 'SHELL_PORT', port: 3000 },
  { name: 'mf-account', env: 'ACCOUNT_PORT', port: 3001 },
  { name: 'mf-loan', env: 'LOAN_PORT', port: 3002 },
  { name: 'mf-payment', env: 'PAYMENT_PORT', port: 3003 },
  { name: 'mf-news', env: 'NEWS_PORT', port: 3004 },
].map((pkg) => ({ ...pkg, remote: remoteOfPackage(pkg.name) }));

/** A package's entry: its port variable and default, and the remote it builds (none for the shell). */
function packageNamed(name) {
  const pkg = PACKAGES.find((entry) => entry.name === name);
  if (!pkg) throw new Error(`No package ${name} in scripts/ports.js`);
  return pkg;
}
const API = { env: 'API_PORT', port: 3100 };

function portOf(entry, env = process.env) {
  return Number(env[entry.env]) || entry.port;
}

/** The shell's /config.json for a set of ports on one host. */
function runtimeConfig({ host = 'localhost', ports }) {
  const remotes = {};
  for (const pkg of PACKAGES.filter((p) => p.remote)) {
    remotes[pkg.remote] = `http://${host}:${ports[pkg.name]}/mf-manifest.json`;
  }
  return { apiBaseURL: `http://${host}:${ports.api}`, remotes };
}

module.exports = { PACKAGES, API, packageNamed, portOf, runtimeConfig };
