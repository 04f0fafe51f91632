// The composed app as processes: the API server and the five static servers. `npm start`, the
// browser tests and the benchmark all start it through here.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { PACKAGES, API, CONSOLE, portOf, runtimeConfig, hostOrigins } = require('./ports');
const { builtReleaseName, publish } = require('./publish');
const { serveStatic } = require('./static-server');

const ROOT = path.join(__dirname, '..');
const HOST = '127.0.0.1';

async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Compiles the API and its commands (`npm run build -w server`, under a second, done before each use so that it is never stale). */
function buildServer() {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'server'), stdio: 'inherit' });
}

/** Starts the reference API as production runs it, compiled and started with node; resolves once it answers. */
async function startApi({ port, env = {}, quiet = false }) {
  buildServer();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(ROOT, 'server'),
    env: { ...process.env, PORT: String(port), HOST, ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`API server exited with ${code}`))));
  await Promise.race([waitFor(`http://${HOST}:${port}/api/news/latest`), exited]);
  exited.catch(() => {});
  return {
    url: `http://${HOST}:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        child.once('exit', resolve);
        // A local stack has no load balancer to tell: the API stops at once (SIGTERM would drain first).
        child.kill('SIGINT');
      }),
  };
}

/**
 * Serves one package's dist on a port; a remote's files to the hosts on `ports` (by default those
 * of the environment, which the browser tests set to their stack's).
 */
async function startStatic(name, port, ports = defaultPorts()) {
  const server = await serveStatic({ dir: path.join(ROOT, name, 'dist'), port, host: HOST, hostOrigins: hostOrigins(ports) });
  // Browsers keep connections alive: a stopped server drops them, as a crashed deployment would.
  const stop = () =>
    new Promise((resolve) => {
      server.close(() => resolve(undefined));
      server.closeAllConnections();
    });
  return { name, port, url: `http://${HOST}:${port}`, stop };
}

/**
 * Writes a host's config.json (the shell's unless `dir` says otherwise) naming the API and
 * remotes at these ports: the releases named (by package), or each remote's root build.
 */
function writeShellConfig(ports, dir = path.join(ROOT, 'shell', 'dist'), releases = {}) {
  fs.writeFileSync(path.join(dir, 'config.json'), `${JSON.stringify(runtimeConfig({ host: HOST, ports, releases }), null, 2)}\n`);
}

/** The remotes' packages (the shell builds none). */
const REMOTE_PACKAGES = PACKAGES.filter((pkg) => pkg.remote);

/**
 * Where the API finds this checkout's releases: the hosts' config.json files it rewrites
 * (HOST_CONFIGS) and each remote's builds (RELEASE_FILES). The stack's API and `npm run release`
 * both run with it; `hosts`: the hosts served (the console's is optional).
 * @param {{ hosts?: string[] }} [options]
 */
function releaseEnv({ hosts = [PACKAGES[0].name, CONSOLE.name] } = {}) {
  return {
    HOST_CONFIGS: hosts.map((host) => path.join(ROOT, host, 'dist', 'config.json')).join(','),
    RELEASE_FILES: JSON.stringify(Object.fromEntries(REMOTE_PACKAGES.map((pkg) => [pkg.remote, path.join(ROOT, pkg.name, 'dist')]))),
  };
}

/**
 * Publishes each remote's last build as a release (its version and entry hash) unless it is
 * already: the hosts then name releases, never "whatever was built last". Answers the names by package.
 */
function publishBuilds() {
  return Object.fromEntries(
    REMOTE_PACKAGES.map((pkg) => {
      const dir = path.join(ROOT, pkg.name);
      return [pkg.name, publish(path.join(dir, 'dist'), builtReleaseName(dir)).name];
    }),
  );
}

function defaultPorts(env = process.env) {
  const ports = { api: portOf(API, env) };
  for (const pkg of PACKAGES) ports[pkg.name] = portOf(pkg, env);
  ports.ops = portOf(CONSOLE, env);
  return ports;
}

/** API + static servers; `stop()` ends everything it started. */
async function startStack({ ports = defaultPorts(), apiEnv = {}, quiet = false } = {}) {
  for (const pkg of [...PACKAGES, ...(ports.ops ? [CONSOLE] : [])]) {
    if (!fs.existsSync(path.join(ROOT, pkg.name, 'dist', 'index.html')))
      throw new Error(`${pkg.name} has no build: run npm start (or npm run build) first`);
  }
  const releases = publishBuilds();
  // The console is optional where a caller names no port for it (the benchmark's stacks).
  const hosts = [PACKAGES[0], ...(ports.ops ? [CONSOLE] : [])];
  for (const host of hosts) writeShellConfig(ports, path.join(ROOT, host.name, 'dist'), releases);
  const env = { ...releaseEnv({ hosts: hosts.map((host) => host.name) }), ...apiEnv };
  const started = [];
  try {
    started.push(await startApi({ port: ports.api, env, quiet }));
    for (const pkg of PACKAGES) started.push(await startStatic(pkg.name, ports[pkg.name], ports));
    if (ports.ops) started.push(await startStatic(CONSOLE.name, ports.ops, ports));
  } catch (error) {
    await Promise.all(started.map((part) => part.stop()));
    throw error;
  }
  const statics = Object.fromEntries(started.filter((part) => part.name).map((part) => [part.name, part]));
  return {
    ports,
    /** The API's settings, the releases' among them: a second API process on the same data starts with them. */
    apiEnv: env,
    releases,
    apiUrl: started[0].url,
    shellUrl: `http://${HOST}:${ports.shell}/`,
    consoleUrl: ports.ops ? `http://${HOST}:${ports.ops}/` : null,
    statics,
    stop: () => Promise.all(started.map((part) => part.stop())),
  };
}

module.exports = {
  startStack,
  startApi,
  buildServer,
  startStatic,
  writeShellConfig,
  publishBuilds,
  releaseEnv,
  defaultPorts,
  waitFor,
  HOST,
  ROOT,
};
