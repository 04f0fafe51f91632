// The two apps under test as servers: the API (in-memory database), the federated shell and
// its four remotes, and the monolith, each static build served precompressed like a deployment.
const fs = require('node:fs');
const path = require('node:path');
const { PACKAGES, runtimeConfig } = require('../../scripts/ports');
const { serveStatic } = require('../../scripts/static-server');
const { startApi, HOST } = require('../../scripts/stack');
const { federatedDir, MONOLITH_DIR } = require('./build');

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = require('node:net').createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startStatic(dir) {
  const server = await serveStatic({ dir, port: 0, host: HOST });
  const { port } = server.address();
  return { port, url: `http://${HOST}:${port}/`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Starts everything; `stop()` ends all of it. If the API does not start, the apps are still
 * served (pages load, their API calls fail) and `apiError` says why.
 */
async function startServers({ log = console.log } = {}) {
  const started = [];
  const stop = () => Promise.all(started.map((part) => part.stop().catch(() => {})));
  try {
    const ports = { api: await freePort() };
    let api = null;
    let apiError = null;
    try {
      api = await startApi({ port: ports.api, quiet: true, env: { DATABASE_FILE: ':memory:', NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
      started.push(api);
    } catch (error) {
      apiError = error.message;
      log(`  the API did not start (${apiError}); measuring without it`);
    }
    for (const pkg of PACKAGES) {
      const server = await startStatic(federatedDir(pkg.name));
      started.push(server);
      ports[pkg.name] = server.port;
    }
    const config = `${JSON.stringify(runtimeConfig({ host: HOST, ports }), null, 2)}\n`;
    fs.writeFileSync(path.join(federatedDir('shell'), 'config.json'), config);

    const monolith = await startStatic(MONOLITH_DIR);
    started.push(monolith);
    // The monolith reads the same config shape; its remote URLs are never fetched.
    fs.writeFileSync(path.join(MONOLITH_DIR, 'config.json'), config);

    return {
      apiUrl: `http://${HOST}:${ports.api}`,
      apiError,
      apps: { federated: `http://${HOST}:${ports.shell}/`, monolithic: monolith.url },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { startServers };
