// The composed app as processes: the API server and the five static servers. `npm start`, the
// browser tests and the benchmark all start it through here.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { PACKAGES, API, OPS, portOf, runtimeConfig, hostOrigins } = require('./ports');
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

/**
 * Starts the reference API as production runs it, compiled (`npm run build -w server`, under a
 * second, done here so that it is never stale) and started with node; resolves once it answers.
 */
async function startApi({ port, env = {}, quiet = false }) {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'server'), stdio: 'inherit' });
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

/** Writes a host's config.json (the shell's unless `dir` says otherwise) naming the API and remotes at these ports. */
function writeShellConfig(ports, dir = path.join(ROOT, 'shell', 'dist')) {
  fs.writeFileSync(path.join(dir, 'config.json'), `${JSON.stringify(runtimeConfig({ host: HOST, ports }), null, 2)}\n`);
}

function defaultPorts(env = process.env) {
  const ports = { api: portOf(API, env) };
  for (const pkg of PACKAGES) ports[pkg.name] = portOf(pkg, env);
  ports.ops = portOf(OPS, env);
  return ports;
}

/** API + static servers; `stop()` ends everything it started. */
async function startStack({ ports = defaultPorts(), apiEnv = {}, quiet = false } = {}) {
  for (const pkg of [...PACKAGES, ...(ports.ops ? [OPS] : [])]) {
    if (!fs.existsSync(path.join(ROOT, pkg.name, 'dist', 'index.html')))
      throw new Error(`${pkg.name} has no build: run npm start (or npm run build) first`);
  }
  const started = [];
  try {
    started.push(await startApi({ port: ports.api, env: apiEnv, quiet }));
    writeShellConfig(ports);
    for (const pkg of PACKAGES) started.push(await startStatic(pkg.name, ports[pkg.name], ports));
    // The console is optional where a caller names no port for it (the benchmark's stacks).
    if (ports.ops) {
      writeShellConfig(ports, path.join(ROOT, OPS.name, 'dist'));
      started.push(await startStatic(OPS.name, ports.ops, ports));
    }
  } catch (error) {
    await Promise.all(started.map((part) => part.stop()));
    throw error;
  }
  const statics = Object.fromEntries(started.filter((part) => part.name).map((part) => [part.name, part]));
  return {
    ports,
    apiUrl: started[0].url,
    shellUrl: `http://${HOST}:${ports.shell}/`,
    opsUrl: ports.ops ? `http://${HOST}:${ports.ops}/` : null,
    statics,
    stop: () => Promise.all(started.map((part) => part.stop())),
  };
}

module.exports = { startStack, startApi, startStatic, writeShellConfig, defaultPorts, waitFor, HOST, ROOT };
