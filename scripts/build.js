#!/usr/bin/env node
// Production build of the shell, every remote and the console's host (two at a time: the machine has two cores),
// then precompression of what the static servers send.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { BUILT } = require('./ports');
const { RELEASES_FOLDER } = require('./publish');

const ROOT = path.join(__dirname, '..');
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
const WEBPACK_CLI = require.resolve('webpack-cli/bin/cli.js');

/**
 * One webpack run as its own process, timed from spawn to exit (what a team's build costs).
 * Quiet runs keep the output and show its end only when the build fails.
 */
function runWebpack({ label, cwd, args = [], quiet = false }) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WEBPACK_CLI, '--mode', 'production', ...args], {
      cwd,
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve({ name: label, ms: Date.now() - started })
        : reject(new Error(`${label}: webpack exited ${code}\n${output.slice(-4000)}`)),
    );
  });
}

/** Writes the .gz and .br beside each file a static server sends; a published release (copied already compressed) is left as it is. */
function precompress(dir, top = true) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!top || entry.name !== RELEASES_FOLDER) precompress(file, false);
    } else if (COMPRESSIBLE.test(entry.name) && entry.name !== 'config.json') {
      const body = fs.readFileSync(file);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
    }
  }
}

/**
 * Runs build jobs ({ label, cwd, args, dir }) `parallel` at a time, precompressing each output
 * folder `dir`; answers the results in the jobs' order.
 */
async function buildJobs(jobs, { parallel = 2, quiet = false, log = console.log } = {}) {
  const queue = [...jobs];
  const results = new Map();
  const worker = async () => {
    while (queue.length) {
      const job = queue.shift();
      const result = await runWebpack({ ...job, quiet });
      precompress(job.dir);
      results.set(job, result);
      log(`built ${job.label} in ${(result.ms / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
  return jobs.map((job) => results.get(job));
}

/** The packages' own builds, into their dist folders. */
function buildAll(names = BUILT, parallel = 2) {
  return buildJobs(
    names.map((name) => ({ label: name, cwd: path.join(ROOT, name), dir: path.join(ROOT, name, 'dist') })),
    { parallel },
  );
}

module.exports = { buildAll, buildJobs, runWebpack, precompress };

if (require.main === module) {
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  buildAll(only.length ? only : undefined).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
