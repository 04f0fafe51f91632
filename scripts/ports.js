// The ports of the composed app, one owner: start, e2e, bench and each package's webpack config
// read them from here. Which remote a package builds is owned by packages/federation/src/pages/remotes.json.
const fs = require('node:fs');
const net = require('node:net');
const REMOTES = require('../packages/federation/src/pages/remotes.json');

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
/** The operations console's host: staff, on an origin of their own. */
const CONSOLE = { name: 'ops', env: 'OPS_PORT', port: 3010 };
/** Every package with a build: the borrower app's (PACKAGES) and the console's host. */
const BUILT = [...PACKAGES.map((pkg) => pkg.name), CONSOLE.name];

function portOf(entry, env = process.env) {
  return Number(env[entry.env]) || entry.port;
}

/**
 * A host's /config.json (the shell's and the console's) for a set of ports on one host: each
 * remote's release named in `releases` (by package: `{ 'mf-news': '1.0.0-b375439d' }`), served
 * under its origin's releases/ folder, or else the build at its origin's root.
 * @param {{ host?: string, ports: Record<string, number>, releases?: Record<string, string> }} options
 */
function runtimeConfig({ host = 'localhost', ports, releases = {} }) {
  const remotes = {};
  for (const pkg of PACKAGES.filter((p) => p.remote)) {
    const root = `http://${host}:${ports[pkg.name]}/mf-manifest.json`;
    // Read here, not above: a remote's build (its webpack config reads this file) needs no releases.
    remotes[pkg.remote] = releases[pkg.name] ? require('./publish').releaseUrl(root, releases[pkg.name]) : root;
  }
  return { apiBaseURL: `http://${host}:${ports.api}`, remotes };
}

/**
 * The origins of the pages that load the remotes' files: the shell's and the console's on the
 * ports given, as a browser names them (by 127.0.0.1, where they listen, or by localhost), and
 * any other deployment of a host listed in `HOST_ORIGINS` (comma-separated).
 */
function hostOrigins(ports, env = process.env) {
  const more = (env.HOST_ORIGINS ?? '').split(',').map((origin) => origin.trim());
  return [
    ...[ports[PACKAGES[0].name], ports[CONSOLE.name]]
      .filter(Boolean)
      .flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`]),
    ...more.filter(Boolean),
  ];
}

/** Where the kernel starts handing out ports for port 0 and for outgoing connections. */
function ephemeralFloor() {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return Number.isInteger(low) ? low : 32768;
  } catch {
    return 32768;
  }
}

/** The lowest port handed out: well above the fixed ports of `npm start` and the system's own. */
const FREE_PORT_FLOOR = 10000;
/** Ports this process has handed out: never handed out twice, though their first user may have closed them. */
const handedOut = new Set();

/**
 * A port nothing listens on now, on loopback. It is taken below the range the kernel hands out
 * for port 0 and for outgoing connections, so that between now and its user's bind (nginx binds
 * its ports after the database, storage and API processes it fronts have started and connected)
 * no connection or other listener is given it. Where that range leaves no room, the kernel picks.
 */
function freePort() {
  const ceiling = ephemeralFloor();
  const listen = (/** @type {number} */ port) =>
    new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
        server.close(() => resolve(bound));
      });
    });
  if (ceiling - FREE_PORT_FLOOR < 1000) return listen(0);
  const attempt = async (/** @type {number} */ left) => {
    const port = FREE_PORT_FLOOR + Math.floor(Math.random() * (ceiling - FREE_PORT_FLOOR));
    if (handedOut.has(port)) return attempt(left);
    handedOut.add(port);
    try {
      return await listen(port);
    } catch (error) {
      handedOut.delete(port);
      if (left > 0 && /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE') return attempt(left - 1);
      throw error;
    }
  };
  return attempt(50);
}

module.exports = { PACKAGES, API, CONSOLE, BUILT, packageNamed, portOf, runtimeConfig, hostOrigins, freePort };
