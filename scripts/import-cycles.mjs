// Refuses import cycles, type-only imports included: the linter's own cycle rule skips
// `import type`, yet two modules that name each other's types cannot be split or released
// apart. Resolution is TypeScript's own, from the project's tsconfig, so package entry
// points (`@instalment/<package>/<entry>`) count as the files they lead to.
//
// Folders too: a folder whose files import another's, which imports back, cannot be read (or
// moved) as a layer; the file-level check does not see it when the files differ.
//
//   node scripts/import-cycles.mjs [tsconfig]   exits 1 and names each cycle
import path from 'node:path';
import ts from 'typescript';

/**
 * The cycles among a project's own files (never through node_modules), each as the list of files
 * that lead round, relative to `root`.
 * @param {string} configFile @param {string} root
 * @returns {string[][]}
 */
export function importCycles(configFile, root = path.dirname(configFile)) {
  const imports = importGraph(configFile);
  return stronglyConnected(imports)
    .filter((group) => group.length > 1 || (imports.get(group[0]) ?? []).includes(group[0]))
    .map((group) => group.map((file) => path.relative(root, file)).sort());
}

/**
 * Where the folder check holds: the packages every app builds on, the server, and the apps (`mf-`
 * is every remote's folder, one made by `npm run new-remote` too).
 */
export const FOLDER_SCOPES = ['packages/', 'server/', 'shell/', 'ops/', 'mf-'];

/**
 * The loops among the folders of a project's own files (tests aside: they may reach across), each
 * as the folders that lead round, relative to `root`.
 * Only folders under one of `scopes` (relative to `root`) are judged.
 * @param {string} configFile @param {string} root @param {string[]} scopes
 * @returns {string[][]}
 */
export function folderCycles(configFile, root = path.dirname(configFile), scopes = ['']) {
  const folderOf = (file) => path.relative(root, path.dirname(file));
  const judged = (folder) => scopes.some((scope) => `${folder}/`.startsWith(scope));
  /** @type {Map<string, string[]>} */
  const folders = new Map();
  for (const [file, targets] of importGraph(configFile)) {
    if (/\.test\.tsx?$/.test(file) || !judged(folderOf(file))) continue;
    const from = folderOf(file);
    const edges = folders.get(from) ?? [];
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from && judged(to) && !edges.includes(to)) edges.push(to);
    }
    folders.set(from, edges);
  }
  return stronglyConnected(folders)
    .filter((group) => group.length > 1)
    .map((group) => group.sort());
}

/**
 * Each own file's imports of own files (never through node_modules), resolved as TypeScript does.
 * @param {string} configFile @returns {Map<string, string[]>}
 */
function importGraph(configFile) {
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const config = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configFile));
  const own = new Set(config.fileNames.map((file) => path.resolve(file)));
  /** @type {Map<string, string[]>} */
  const imports = new Map();
  for (const file of own) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    const targets = [];
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule;
      const target = resolved && ts.sys.realpath ? ts.sys.realpath(resolved.resolvedFileName) : resolved?.resolvedFileName;
      if (target && own.has(path.resolve(target))) targets.push(path.resolve(target));
    }
    imports.set(file, targets);
  }
  return imports;
}

/**
 * Tarjan's strongly connected components: every group of files that reach each other.
 * @param {Map<string, string[]>} edges @returns {string[][]}
 */
function stronglyConnected(edges) {
  let counter = 0;
  /** @type {Map<string, { index: number, low: number }>} */
  const seen = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const groups = [];
  /** @param {string} node */
  const visit = (node) => {
    const mark = { index: counter, low: counter };
    counter += 1;
    seen.set(node, mark);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!seen.has(next)) {
        visit(next);
        mark.low = Math.min(mark.low, /** @type {{ low: number }} */ (seen.get(next)).low);
      } else if (onStack.has(next)) {
        mark.low = Math.min(mark.low, /** @type {{ index: number }} */ (seen.get(next)).index);
      }
    }
    if (mark.low !== mark.index) return;
    const group = [];
    let member;
    do {
      member = /** @type {string} */ (stack.pop());
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    groups.push(group);
  };
  for (const node of edges.keys()) if (!seen.has(node)) visit(node);
  return groups;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const configFile = path.resolve(process.argv[2] ?? 'tsconfig.json');
  const cycles = importCycles(configFile);
  for (const cycle of cycles) console.error(`Import cycle (type-only imports count):\n  ${cycle.join('\n  ')}\n`);
  // A project of its own (a test's) is judged whole; the workspace where the check holds.
  const scopes = path.dirname(configFile) === path.resolve('.') ? FOLDER_SCOPES : [''];
  const loops = folderCycles(configFile, path.dirname(configFile), scopes);
  for (const loop of loops) console.error(`Import loop between folders:\n  ${loop.join('\n  ')}\n`);
  process.exit(cycles.length || loops.length ? 1 : 0);
}
