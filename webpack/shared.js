// DESIGN §3: singletons only for state. One copy in the browser of React and of the host SDK's
// state (the HTTP client and its error class, the session, the host door, the chosen language).
// The contract and the UI kit are bundled, tree-shaken, into each remote, so a team's deploy ships
// its pages, calls and UI, and a release of either changes no singleton's version; the look stays
// one through the shell's design tokens. react-router-dom, mobx and axios stay in the shell:
// remotes navigate, call and observe the session through the host SDK, not on their own.
const fs = require('node:fs');
const path = require('node:path');

const HOST_SDK = '@instalment/host-sdk';
const STATE_SUBPATHS = ['http', 'session', 'host', 'locale'];
const LIBRARIES = [
  { name: 'react', pkg: 'react', strictVersion: true },
  { name: 'react/jsx-runtime', pkg: 'react', strictVersion: true },
  { name: 'react-dom', pkg: 'react-dom', strictVersion: true },
  { name: 'react-dom/client', pkg: 'react-dom', strictVersion: true },
];

/**
 * The version the build resolves, read from the package.json found from `dir` up: a remote built in
 * another checkout, against another release of the contract, reports that release.
 * @param {string} pkg @param {string} dir
 */
function builtVersion(pkg, dir) {
  for (let folder = dir; ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return /** @type {string} */ (JSON.parse(fs.readFileSync(file, 'utf8')).version);
    if (path.dirname(folder) === folder) throw new Error(`${pkg} is not installed for ${dir}`);
  }
}

/**
 * Each singleton asks for the major it was built against (a minor release of the host SDK adds,
 * never breaks); all are strict, so a build against another major fails into the page's error view
 * instead of rendering against the wrong host door or starting a second React.
 * The shell provides them eagerly, inside its entry chunk: one request, no round trip before the
 * first render. Remotes consume the shell's; their own stay lazy fallbacks a composed app never loads.
 * @param {boolean} host @param {string} dir
 */
function sharedSingletons(host, dir) {
  /** @type {Record<string, { singleton: true, eager: boolean, requiredVersion: string, version: string, strictVersion: boolean }>} */
  const shared = {};
  const entry = (/** @type {string} */ version, /** @type {boolean} */ strictVersion) => ({
    singleton: /** @type {const} */ (true),
    eager: host,
    version,
    requiredVersion: `^${version.split('.')[0]}.0.0`,
    strictVersion,
  });
  for (const library of LIBRARIES) shared[library.name] = entry(builtVersion(library.pkg, dir), library.strictVersion);
  const sdk = builtVersion(HOST_SDK, dir);
  for (const subpath of STATE_SUBPATHS) shared[`${HOST_SDK}/${subpath}`] = entry(sdk, true);
  return shared;
}

module.exports = { sharedSingletons };
