// Publishing a remote's build as a release: its files copied, unchanged, into
// `<dist>/releases/<name>/`, where the remote's static server and nginx serve them beside the
// releases before it (webpack's publicPath is 'auto', so the build runs from any folder).
// `npm start` publishes each remote's current build; `npm run release` publishes a team's.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * A module of the contract (TypeScript). The test runners transform it themselves; plain node
 * (`npm start`, `npm run release`) reads it through tsx.
 */
function contract(file) {
  const source = path.join(__dirname, '..', 'packages', 'contract', 'src', file);
  try {
    return require(source);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return require('tsx/cjs/api').require(source, __filename);
  }
}

/** @type {{ RELEASES_FOLDER: string, releaseUrl: (besideUrl: string, release: string) => string }} */
const { RELEASES_FOLDER, releaseUrl } = contract('api/releases.ts');
/** @type {{ ReleaseName: { pattern: string } }} */
const { ReleaseName } = contract('api/schemas/releases.ts');
const RELEASE_NAME = new RegExp(ReleaseName.pattern);

/** What a build's folder holds that is not the build: the releases published from it, and a host's config. */
const NOT_BUILT = new Set([RELEASES_FOLDER, 'config.json']);

/**
 * Every file of a build (paths from its folder, `/`-separated, sorted), releases and config aside,
 * and dot files (never served; a release being published is copied into one).
 */
function buildFiles(dir, under = '') {
  const files = [];
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    if ((!under && NOT_BUILT.has(entry.name)) || entry.name.startsWith('.')) continue;
    const name = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...buildFiles(dir, name));
    else files.push(name);
  }
  return files.sort();
}

/** Whether two folders hold the same files with the same bytes. */
function sameFiles(a, b) {
  const [left, right] = [buildFiles(a), buildFiles(b)];
  if (left.join('\n') !== right.join('\n')) return false;
  const digest = (file) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  return left.every((name) => digest(path.join(a, name)) === digest(path.join(b, name)));
}

/** Where release `name` of the build in `dist` is published. */
const releaseDir = (dist, name) => path.join(dist, RELEASES_FOLDER, name);

/**
 * Publishes the build in `from` (by default `dist` itself: the remote's last build) as release
 * `name` of the remote whose builds are in `dist`. A name already published with the same files
 * is left as it is; with other files, refused: a release, once served, never changes under the
 * borrowers who loaded it. The folder appears whole or not at all (copied aside, then renamed).
 * @param {string} dist
 * @param {string} name
 * @param {{ from?: string }} [options]
 * @returns {{ name: string, dir: string, published: boolean }} `published`: false when it already was
 */
function publish(dist, name, { from = dist } = {}) {
  if (!RELEASE_NAME.test(name))
    throw new Error(`"${name}" is not a release name: letters, digits, '.', '_' and '-', at most 40, starting with a letter or digit`);
  if (!fs.existsSync(path.join(from, 'mf-manifest.json'))) throw new Error(`${from} holds no remote's build (no mf-manifest.json)`);
  const dir = releaseDir(dist, name);
  if (fs.existsSync(dir)) {
    if (sameFiles(from, dir)) return { name, dir, published: false };
    throw new Error(`release ${name} is already published in ${dist} with other files: name this build otherwise`);
  }
  // Beside the releases, not among them: a half-copied folder is neither listed nor served (a dot folder).
  const aside = path.join(dist, `.publishing-${name}-${process.pid}`);
  fs.rmSync(aside, { recursive: true, force: true });
  fs.mkdirSync(aside, { recursive: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (const file of buildFiles(from)) {
    fs.mkdirSync(path.dirname(path.join(aside, file)), { recursive: true });
    fs.copyFileSync(path.join(from, file), path.join(aside, file));
  }
  fs.renameSync(aside, dir);
  return { name, dir, published: true };
}

/** A digest of a build's files, their names and bytes: two builds differ in it where any file does. */
function buildDigest(dir) {
  const hash = crypto.createHash('sha256');
  for (const name of buildFiles(dir))
    hash
      .update(name)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, name)));
  return hash.digest('hex');
}

/**
 * The name `npm start` publishes a remote's last build under: its package's version and its
 * build's content hash (`1.0.0-b375439d`), of every file (a rebuild that changes only a source
 * map is another release, never refused as a published name with other files).
 * @param {string} packageDir the remote's package folder
 */
function builtReleaseName(packageDir) {
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const dist = path.join(packageDir, 'dist');
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${packageDir} holds no remote's build (no mf-manifest.json)`);
  return `${version}-${buildDigest(dist).slice(0, 8)}`;
}

module.exports = { publish, builtReleaseName, releaseUrl, RELEASES_FOLDER };
