// The apps under test as servers: the API (in-memory database), the federated shell and its four
// remotes, and the two monoliths, each static build served precompressed like a deployment.
const fs = require('node:fs');
const path = require('node:path');
const { PACKAGES, hostOrigins, runtimeConfig } = require('../../scripts/ports');
const { serveStatic } = require('../../scripts/static-server');
const { startApi, HOST } = require('../../scripts/stack');
const { federatedDir, MONOLITH_DIR, SAME_FIRST_PAINT_DIR } = require('./build');

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = require('node:net').createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

async function startStatic(dir, origins = []) {
  const server = await serveStatic({ dir, port: 0, host: HOST, hostOrigins: origins });
  const { port } = server.address();
  return { port, url: `http://${HOST}:${port}/`, stop: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

/**
 * The file on disk a URL of one of our static servers names, and the package whose build serves
 * it (`roots` maps host:port to { dir, name }); null for any other URL.
 * @param {Record<string, { dir: string, name: string }>} roots
 * @returns {(url: string) => { file: string, name: string } | null}
 */
function fileResolver(roots) {
  return (url) => {
    try {
      const parsed = new URL(url);
      const root = roots[parsed.host];
      const file = root && path.join(root.dir, decodeURIComponent(parsed.pathname));
      return file && file.startsWith(root.dir) && fs.existsSync(file) ? { file, name: root.name } : null;
    } catch {
      return null;
    }
  };
}

/**
 * The sizes on disk of the file a URL of one of our static servers names: raw, gzip and brotli.
 * Chromium takes brotli from localhost; the DESIGN §6 budgets are in gzip, so both are known.
 */
function fileSizes(fileOf) {
  const cache = new Map();
  const size = (file) => (fs.existsSync(file) ? fs.statSync(file).size : null);
  return (url) => {
    if (cache.has(url)) return cache.get(url);
    const found = fileOf(url);
    const sizes = found ? { raw: size(found.file), gzip: size(`${found.file}.gz`), brotli: size(`${found.file}.br`) } : null;
    cache.set(url, sizes);
    return sizes;
  };
}

/** The remote entries' URLs, as each remote's build names its entry in its manifest. */
function remoteEntryUrls(ports, federatedRoot) {
  const urls = new Set();
  for (const pkg of PACKAGES.filter((each) => each.remote)) {
    const manifest = path.join(federatedDir(pkg.name, federatedRoot), 'mf-manifest.json');
    if (!fs.existsSync(manifest)) continue;
    const entry = JSON.parse(fs.readFileSync(manifest, 'utf8')).metaData?.remoteEntry;
    if (entry?.name) urls.add(`http://${HOST}:${ports[pkg.name]}/${entry.path ? `${entry.path}/` : ''}${entry.name}`);
  }
  return urls;
}

/**
 * Starts everything; `stop()` ends all of it. The folders default to the bench's own builds. If the API does not start, the apps are still
 * served (pages load, their API calls fail) and `apiError` says why.
 */
/** @param {{ log?: (line: string) => void, federatedRoot?: string, monolithDir?: string }} [options] */
async function startServers({ log = console.log, federatedRoot, monolithDir = MONOLITH_DIR } = {}) {
  const started = [];
  const stop = () => Promise.all(started.map((part) => part.stop().catch(() => {})));
  try {
    const ports = { api: await freePort() };
    let api = null;
    let apiError = null;
    try {
      api = await startApi({
        port: ports.api,
        quiet: true,
        env: { DATABASE_FILE: ':memory:', NODE_ENV: 'development', DEV_ROUTES: '1', LOG_LEVEL: 'warn' },
      });
      started.push(api);
    } catch (error) {
      apiError = error instanceof Error ? error.message : String(error);
      log(`  the API did not start (${apiError}); measuring without it`);
    }
    // The shell comes first: the remotes after it grant its origin CORS.
    for (const pkg of PACKAGES) {
      const server = await startStatic(federatedDir(pkg.name, federatedRoot), hostOrigins(ports));
      started.push(server);
      ports[pkg.name] = server.port;
    }
    const config = `${JSON.stringify(runtimeConfig({ host: HOST, ports }), null, 2)}\n`;
    fs.writeFileSync(path.join(federatedDir('shell', federatedRoot), 'config.json'), config);

    const monolith = await startStatic(monolithDir);
    started.push(monolith);
    // The monolith reads the same config shape; its remote URLs are never fetched.
    fs.writeFileSync(path.join(monolithDir, 'config.json'), config);

    // The second baseline reads it too: its page's table names no remote module, so it asks for no manifest.
    const sameFirstPaint = await startStatic(SAME_FIRST_PAINT_DIR);
    started.push(sameFirstPaint);
    fs.writeFileSync(path.join(SAME_FIRST_PAINT_DIR, 'config.json'), config);

    const roots = {
      [`${HOST}:${monolith.port}`]: { dir: monolithDir, name: 'monolith' },
      [`${HOST}:${sameFirstPaint.port}`]: { dir: SAME_FIRST_PAINT_DIR, name: 'monolith' },
    };
    for (const pkg of PACKAGES) roots[`${HOST}:${ports[pkg.name]}`] = { dir: federatedDir(pkg.name, federatedRoot), name: pkg.name };
    const fileOf = fileResolver(roots);
    const entries = remoteEntryUrls(ports, federatedRoot);
    return {
      apiUrl: `http://${HOST}:${ports.api}`,
      apiError,
      apps: { federated: `http://${HOST}:${ports.shell}/`, monolithic: monolith.url, sameFirstPaint: sameFirstPaint.url },
      sizeOf: fileSizes(fileOf),
      fileOf,
      /** @param {string} url */
      isRemoteEntry: (url) => entries.has(url.split(/[?#]/)[0]),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { startServers };
