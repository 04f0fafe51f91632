// The modules a remote bundles beside the host's copy (the same package path in both builds'
// files that a route loaded), by gzip size, read from the production builds' source maps: what
// DESIGN §6 calls the remote team's freedom, counted.
const fs = require('node:fs');
const path = require('node:path');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One segment's fields from base64 VLQ (source map v3): each a signed delta. */
function decodeSegment(text) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`not a base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/**
 * The bytes (UTF-8) of `code` that each of the map's sources produced: every mapped segment runs
 * to the next segment of its line, or to the line's end. Bytes mapped to no source are left out.
 * @param {{ sources: string[], mappings: string }} map
 * @param {string} code
 * @returns {Map<string, number>}
 */
function bytesBySource(map, code) {
  const bytes = new Map();
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((group, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    /** @type {Array<{ column: number, source: number | null }>} */
    const segments = [];
    for (const text of group.split(',').filter(Boolean)) {
      const [columnDelta, sourceDelta] = decodeSegment(text);
      column += columnDelta;
      if (sourceDelta === undefined) {
        segments.push({ column, source: null });
      } else {
        source += sourceDelta;
        segments.push({ column, source });
      }
    }
    // The later fields (line, column, name) are deltas too, but only the source matters here.
    segments.forEach((segment, index) => {
      if (segment.source === null) return;
      const end = segments[index + 1]?.column ?? line.length;
      const name = map.sources[segment.source];
      bytes.set(name, (bytes.get(name) ?? 0) + Buffer.byteLength(line.slice(segment.column, end)));
    });
  });
  return bytes;
}

/**
 * A map's source as a path of the repository (`packages/ui/src/Button.tsx`), or, inside a
 * `node_modules`, from its last `node_modules/` on (so a hoisted and a nested copy compare equal).
 * webpack's own modules (its runtime, container entries, externals) have no path: null.
 * @param {string} source e.g. `webpack://mf_loan/../packages/ui/src/Button.tsx?abc`
 * @param {string} packageDir the build's context, which the source is relative to
 * @param {string} root the repository
 */
function modulePath(source, packageDir, root) {
  const resource = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/\?.*$/, '');
  if (!resource.startsWith('.')) return null;
  const relative = path.relative(root, path.resolve(packageDir, resource)).split(path.sep).join('/');
  const inModules = relative.lastIndexOf('node_modules/');
  return inModules >= 0 ? relative.slice(inModules) : relative;
}

/** The package a module path belongs to: `packages/ui`, `node_modules/@scope/name`, or the app's folder. */
function packageOf(module) {
  const parts = module.split('/');
  if (parts[0] === 'node_modules') return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/');
  if (parts[0] === 'packages') return parts.slice(0, 2).join('/');
  return parts[0];
}

/**
 * The gzip bytes of each module in some files of one build: a file's gzip size shared among its
 * modules in proportion to the bytes each produced (so a build's modules add up to its files').
 * A file with no source map, or no gzip beside it, counts for nothing. A stylesheet's modules are
 * named apart (`… (stylesheet)`): a CSS Module's class names in a script and its rules in a
 * stylesheet share a source path, and are not the same code.
 * @param {string[]} files absolute paths of served files
 * @param {string} packageDir the build's context
 * @param {string} root the repository
 */
function modulesOfFiles(files, packageDir, root) {
  /** @type {Map<string, number>} */
  const modules = new Map();
  for (const file of files) {
    if (!fs.existsSync(`${file}.map`) || !fs.existsSync(`${file}.gz`)) continue;
    const code = fs.readFileSync(file, 'utf8');
    const gzipPerByte = fs.statSync(`${file}.gz`).size / Buffer.byteLength(code);
    const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'));
    for (const [source, bytes] of bytesBySource(map, code)) {
      const module = modulePath(source, packageDir, root);
      const key = module && (file.endsWith('.css') ? `${module} (stylesheet)` : module);
      if (key) modules.set(key, (modules.get(key) ?? 0) + bytes * gzipPerByte);
    }
  }
  return modules;
}

/** Where Module Federation's runtime packages sit, as `modulePath` names them. */
const FEDERATION_RUNTIME = 'node_modules/@module-federation/';

/**
 * The modules a remote bundles that the host's files bundle too, by the remote's copy's gzip
 * bytes, largest first, with the total and the sums per package.
 * @param {Map<string, number>} host
 * @param {Array<{ remote: string, modules: Map<string, number> }>} remotes
 */
function duplicatedModules(host, remotes) {
  const rows = remotes
    .flatMap(({ remote, modules }) =>
      [...modules]
        .filter(([module]) => host.has(module))
        .map(([module, gzip]) => ({ module, remote, gzip: Math.round(gzip), hostGzip: Math.round(host.get(module) ?? 0) })),
    )
    .sort((a, b) => b.gzip - a.gzip || a.module.localeCompare(b.module) || a.remote.localeCompare(b.remote));
  /** @type {Record<string, number>} */
  const byPackage = {};
  for (const row of rows) byPackage[packageOf(row.module)] = (byPackage[packageOf(row.module)] ?? 0) + row.gzip;
  // DESIGN §6's fixed cost "the runtime in the host" as this build has it, to read beside its "about 22 kB".
  const hostRuntimeGzip = [...host].filter(([module]) => module.startsWith(FEDERATION_RUNTIME)).reduce((sum, [, gzip]) => sum + gzip, 0);
  return { rows, totalGzip: rows.reduce((sum, row) => sum + row.gzip, 0), byPackage, hostRuntimeGzip: Math.round(hostRuntimeGzip) };
}

/**
 * The duplicated modules of one route: the JS+CSS `urls` its visit loaded, each read from the
 * build that served it (`fileOf`); the shell's files are the host's, every other package's a remote's.
 * @param {string[]} urls
 * @param {(url: string) => { file: string, name: string } | null} fileOf
 * @param {string} root the repository; each package's build has its folder as context
 */
function duplicatesOfRoute(urls, fileOf, root) {
  /** @type {Map<string, string[]>} */
  const filesByPackage = new Map();
  for (const url of urls) {
    const found = fileOf(url);
    if (found) filesByPackage.set(found.name, [...(filesByPackage.get(found.name) ?? []), found.file]);
  }
  const modulesOf = (name) => modulesOfFiles(filesByPackage.get(name) ?? [], path.join(root, name), root);
  const remotes = [...filesByPackage.keys()].filter((name) => name !== 'shell').map((remote) => ({ remote, modules: modulesOf(remote) }));
  return duplicatedModules(modulesOf('shell'), remotes);
}

module.exports = {
  FEDERATION_RUNTIME,
  duplicatesOfRoute,
  decodeSegment,
  bytesBySource,
  modulePath,
  packageOf,
  modulesOfFiles,
  duplicatedModules,
};
