// The production topology on this machine: nginx (deploy/nginx.conf) in front of the five static
// builds and two API processes on one throwaway PostgreSQL and one loopback S3 bucket, every port
// a free one on 127.0.0.1.
// `npm run rehearse` and the browser journey through it (e2e/tests/production-topology.spec.ts)
// both start it here.
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { renderNginxConfig } = require('./nginx-config');
const { ensureNginx, hasBrotli, startNginx } = require('./nginx');
const { PACKAGES, CONSOLE, hostOrigins, freePort } = require('./ports');
const { startObjectStorage } = require('./object-storage');
const { startPostgres } = require('./postgres');
const { HOST, ROOT, publishBuilds, releaseEnv, startApi, writeShellConfig } = require('./stack');

const API_PROCESSES = 2;
const HOSTS = [PACKAGES[0].name, CONSOLE.name];

/**
 * Starts the whole topology; `apiEnv` adds to (or overrides) the API processes' settings.
 * Resolves with its addresses (through nginx), each API process's own and metrics addresses, and `stop()`.
 */
async function startRehearsal({ apiEnv = {}, quiet = false, install = false } = {}) {
  ensureNginx({ install });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-rehearsal-'));
  // nginx's workers read the hosts' copies and write temporary files here (see startNginx for who they run as).
  fs.chmodSync(dir, 0o755);
  const stops = [];
  const stop = async () => {
    for (const part of stops.reverse()) await part();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    /** @type {Record<string, number>} nginx's ports: one per build and one for the API. */
    const ports = { api: await freePort() };
    for (const name of [...PACKAGES.map((pkg) => pkg.name), CONSOLE.name]) ports[name] = await freePort();
    const url = (port) => `http://${HOST}:${port}`;

    const postgresDir = path.join(dir, 'postgres');
    fs.mkdirSync(postgresDir);
    const postgres = await startPostgres(postgresDir);
    stops.push(postgres.stop);
    // Uploaded files in one bucket, no folder shared; one key signs every process's file links.
    const storage = await startObjectStorage(path.join(dir, 's3'));
    stops.push(storage.stop);

    // The hosts are served from copies whose config.json names nginx's addresses and each
    // remote's last build as a release, so the repository's hosts (and any other stack serving
    // them) stay as they were.
    const releases = publishBuilds();
    const roots = Object.fromEntries(PACKAGES.map((pkg) => [pkg.name, path.join(ROOT, pkg.name, 'dist')]));
    for (const host of HOSTS) {
      roots[host] = path.join(dir, 'sites', host);
      fs.cpSync(path.join(ROOT, host, 'dist'), roots[host], { recursive: true });
      writeShellConfig(ports, roots[host], releases);
    }

    const origins = hostOrigins(ports);
    const env = {
      NODE_ENV: 'development',
      DEV_ROUTES: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres.url,
      PUBLIC_URL: url(ports.api),
      TRUST_PROXY: '127.0.0.1',
      CORS_ORIGINS: origins.join(','),
      APP_URL: origins.join(','),
      ...storage.env,
      FILE_URL_SECRET: crypto.randomBytes(32).toString('hex'),
      // The releases are changed in the hosts' copies; the remotes' builds are the repository's.
      HOST_CONFIGS: HOSTS.map((host) => path.join(roots[host], 'config.json')).join(','),
      RELEASE_FILES: releaseEnv().RELEASE_FILES,
      ...apiEnv,
    };
    const apis = [];
    for (let i = 0; i < API_PROCESSES; i += 1) {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const api = await startApi({ port, env: { ...env, METRICS_PORT: String(metricsPort) }, quiet });
      stops.push(api.stop);
      apis.push({ url: api.url, metricsUrl: `${url(metricsPort)}/metrics` });
    }

    const httpConfig = renderNginxConfig({
      sites: Object.fromEntries(
        Object.entries(roots).map(([name, root]) => [name, { listen: `${HOST}:${ports[name]}`, server_name: HOST, root }]),
      ),
      api: { listen: `${HOST}:${ports.api}`, server_name: HOST, servers: apis.map((api) => new URL(api.url).host) },
      hostOrigins: origins,
      brotli: hasBrotli(),
    });
    const nginx = await startNginx({
      dir: path.join(dir, 'nginx'),
      httpConfig,
      readyUrl: `${url(ports.api)}/health/ready`,
      servesFrom: ROOT,
    });
    stops.push(nginx.stop);

    return {
      dir,
      ports,
      shellUrl: `${url(ports.shell)}/`,
      consoleUrl: `${url(ports.ops)}/`,
      apiUrl: url(ports.api),
      remoteUrls: Object.fromEntries(PACKAGES.slice(1).map((pkg) => [pkg.name, url(ports[pkg.name])])),
      apis,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { startRehearsal };
