import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// A page's chunk carries the stylesheets of the kit's parts it uses: each stylesheet holds the
// classes of the parts that import it and nothing else (CSS is never tree-shaken), and a part
// finds every class it names there (jest's stand-in answers any class, so a missing one passes
// unseen in every other test).
const KIT = __dirname;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const classesOf = (sheet: string) => new Set([...readFileSync(sheet, 'utf8').matchAll(/\.([A-Za-z_][\w-]*)/g)].map((match) => match[1]));

/** The classes a part names (`styles.x`), and the prefixes of those it builds (`styles[`x_${…}`]`). */
function namedIn(source: string): { names: string[]; prefixes: string[] } {
  return {
    names: [...source.matchAll(/styles\.(\w+)/g)].map((match) => match[1]),
    prefixes: [...source.matchAll(/styles\[`(\w+)\$\{/g)].map((match) => match[1]),
  };
}

const importers = new Map<string, { names: string[]; prefixes: string[] }[]>();
for (const file of sources(KIT)) {
  const source = readFileSync(file, 'utf8');
  const sheet = /import styles from '(\.[^']+\.module\.css)'/.exec(source)?.[1];
  if (!sheet) continue;
  const at = path.resolve(path.dirname(file), sheet);
  importers.set(at, [...(importers.get(at) ?? []), namedIn(source)]);
}

describe.each([...importers].map(([sheet, parts]) => [path.relative(KIT, sheet), parts] as const))('%s', (sheet, parts) => {
  const classes = classesOf(path.join(KIT, sheet));

  it('holds every class its parts name', () => {
    const missing = parts.flatMap(({ names }) => names).filter((name) => !classes.has(name));
    expect(missing).toEqual([]);
  });

  it('holds no class its parts leave unused', () => {
    const used = (name: string) =>
      parts.some(({ names, prefixes }) => names.includes(name) || prefixes.some((prefix) => name.startsWith(prefix)));
    expect([...classes].filter((name) => !used(name))).toEqual([]);
  });
});
