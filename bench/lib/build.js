// Production builds for the benchmark: every package of the federated app, each with its own
// config, and the monolith. They go under bench/.work, never into the packages' dist folders,
// so a bench run does not pull the build out from under `npm start` or the browser tests.
const fs = require('node:fs');
const path = require('node:path');
const { buildJobs } = require('../../scripts/build');
const { PACKAGES } = require('../../scripts/ports');

const ROOT = path.join(__dirname, '..', '..');
const WORK = path.join(__dirname, '..', '.work');

const FEDERATED_ROOT = path.join(WORK, 'federated');
const federatedDir = (name, root = FEDERATED_ROOT) => path.join(root, name);
const MONOLITH_DIR = path.join(WORK, 'monolith', 'dist');
/** The second baseline: the monolith with the shell's first paint, inline script and service worker. */
const SAME_FIRST_PAINT_DIR = path.join(WORK, 'monolith-first-paint', 'dist');
const MONOLITH_CONFIG = path.join(__dirname, '..', 'monolith', 'webpack.config.js');

const JOBS = [
  ...PACKAGES.map((pkg) => ({
    label: pkg.name,
    dir: federatedDir(pkg.name),
    cwd: path.join(ROOT, pkg.name),
    args: ['--env', `outputPath=${federatedDir(pkg.name)}`],
  })),
  { label: 'monolith', dir: MONOLITH_DIR, cwd: ROOT, args: ['-c', MONOLITH_CONFIG] },
  {
    label: 'monolith, same first paint',
    dir: SAME_FIRST_PAINT_DIR,
    cwd: ROOT,
    args: ['-c', MONOLITH_CONFIG, '--env', 'firstPaint', '--env', `outputPath=${SAME_FIRST_PAINT_DIR}`],
  },
];

/** Bytes of a build as served: raw, gzip and brotli sums of its .js and .css files (no maps). */
function distSize(dir) {
  const size = { js: 0, css: 0, jsGzip: 0, cssGzip: 0, jsBrotli: 0, cssBrotli: 0, files: 0 };
  for (const file of fs.readdirSync(dir)) {
    const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : null;
    if (!kind) continue;
    const full = path.join(dir, file);
    size.files += 1;
    size[kind] += fs.statSync(full).size;
    if (fs.existsSync(`${full}.gz`)) size[`${kind}Gzip`] += fs.statSync(`${full}.gz`).size;
    if (fs.existsSync(`${full}.br`)) size[`${kind}Brotli`] += fs.statSync(`${full}.br`).size;
  }
  return size;
}

/**
 * Builds everything, `parallel` at a time (two cores: two; one gives each package's time
 * without a neighbour competing for the CPU), and precompresses each output like a deployment.
 */
async function buildEverything({ parallel = 2, log = console.log } = {}) {
  const results = await buildJobs(JOBS, { parallel, quiet: true, log: (line) => log(`  ${line}`) });
  return results.map((result, index) => ({ ...result, size: distSize(JOBS[index].dir) }));
}

function builtAlready() {
  return JOBS.every((job) => fs.existsSync(path.join(job.dir, 'index.html')));
}

module.exports = { buildEverything, builtAlready, distSize, federatedDir, MONOLITH_DIR, SAME_FIRST_PAINT_DIR, WORK, JOBS };
