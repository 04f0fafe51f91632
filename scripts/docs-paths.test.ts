import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');

/** The documents a newcomer reads: the README and every page of docs/. */
const DOCUMENTS = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** What a file named alone (`ledger.ts`) ends with for the check to read it as a file of the repository. */
const FILE_NAME = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|ya?ml|sh|conf|example)$/;

/**
 * Files the app writes or serves when it runs, named in the documents by their name alone: never
 * in the repository, so no folder of it holds them.
 */
const RUN_TIME_FILES = new Set(['config.json', 'mf-manifest.json', 'sw.js', 'data.json']);

/** Only these characters make a path: a span with a space, `<name>`, `{a,b}`, `*`, `:id` or `#` is a command, template or route. */
const PATH_CHARACTERS = /^[A-Za-z0-9._/-]+$/;

interface Named {
  /** As written. */
  text: string;
  /** A link's target is relative to its document; a code span names a path from the repository's root. */
  from: 'document' | 'root';
  line: number;
}

/** The code spans and link targets of a Markdown text, outside fenced blocks (commands, not names). */
function namesIn(markdown: string): Named[] {
  const names: Named[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*```/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = index + 1;
    // A link's target first, then the code spans of what is left (a span may stand inside a link's text).
    const rest = text.replace(/\]\(([^)\s]+)\)/g, (_, target: string) => {
      names.push({ text: target, from: 'document', line });
      return ']';
    });
    for (const [, span] of rest.matchAll(/`([^`]+)`/g)) names.push({ text: span, from: 'root', line });
  });
  return names;
}

/** The repository path a name stands for, from the root; null when it is no path of the repository (a URL, a route, a command…). */
function repositoryPath(document: string, named: Named): string | null {
  const text = named.from === 'document' ? named.text.replace(/#.*$/, '') : named.text;
  if (text === '' || /^[a-z]+:/.test(text)) return null;
  // A leading slash is an HTTP route (/api/…, /admin/api/…) or a path of the machine (/usr/bin/chromium).
  if (!PATH_CHARACTERS.test(text) || text.startsWith('/') || text.startsWith('-')) return null;
  if (!text.includes('/') && !FILE_NAME.test(text)) return null;
  const resolved = path.posix.normalize(named.from === 'document' ? path.posix.join(path.posix.dirname(document), text) : text);
  // Beside the checkout, not in it (../shared/SPEC.md).
  if (resolved.startsWith('../')) return null;
  return resolved;
}

/** The names of the repository's files, tracked or new (not those git ignores). */
function repositoryFileNames(): Set<string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return new Set(listed.split('\n').map((file) => path.posix.basename(file)));
}

/** Of these paths, the ones git ignores: what a build or a run writes (dist/, server/data/, reports/…), named where it lands. */
function ignored(paths: readonly string[]): Set<string> {
  // Each also as a folder: a pattern for folders (`e2e/.work/`) matches a path that is not there
  // yet (a fresh clone) only when it ends in `/`.
  const asked = paths.flatMap((name) => [name, `${name.replace(/\/$/, '')}/`]);
  // git answers 1 when none is ignored: spawnSync reads that as an answer, not a failure.
  const { stdout } = spawnSync('git', ['check-ignore', '--stdin'], { cwd: ROOT, input: asked.join('\n'), encoding: 'utf8' });
  const answered = new Set(stdout.split('\n').filter(Boolean));
  return new Set(paths.filter((name) => answered.has(name) || answered.has(`${name.replace(/\/$/, '')}/`)));
}

/** What `markdown`, read as the document at `document`, names that the repository does not hold, as `document:line path`. */
function missingIn(document: string, markdown: string, fileNames: Set<string>): string[] {
  const candidates = namesIn(markdown).flatMap((named) => {
    const found = repositoryPath(document, named);
    if (found === null) return [];
    const present = found.includes('/') ? fs.existsSync(path.join(ROOT, found)) : fileNames.has(found) || RUN_TIME_FILES.has(found);
    return present ? [] : [{ found, where: `${document}:${named.line} ${named.text}` }];
  });
  const outputs = ignored(candidates.filter(({ found }) => found.includes('/')).map(({ found }) => found));
  return candidates.filter(({ found }) => !outputs.has(found)).map(({ where }) => where);
}

describe('every path the README and docs/ name exists', () => {
  const fileNames = repositoryFileNames();

  test.each(DOCUMENTS)('%s', (document) => {
    expect(missingIn(document, fs.readFileSync(path.join(ROOT, document), 'utf8'), fileNames)).toEqual([]);
  });

  test('a path that is not there is found, in a code span and in a link', () => {
    const markdown = [
      'The ledger: `server/src/services/ledger.ts`; the rules: `server/src/services/no-such-rules.ts`.',
      'Next, [the tests](testing.md) and [the lost page](no-such-page.md#words).',
      'By name: `ledger.ts` and `no-such-file.ts`.',
    ].join('\n');
    expect(missingIn('docs/example.md', markdown, fileNames)).toEqual([
      'docs/example.md:1 server/src/services/no-such-rules.ts',
      'docs/example.md:2 no-such-page.md#words',
      'docs/example.md:3 no-such-file.ts',
    ]);
  });

  test('routes, URLs, commands, packages, templates, outputs and fenced commands are not read as missing paths', () => {
    const markdown = [
      '`/admin/api/approvals/:id/approve`, `/api/loan/cashier`, `http://localhost:3000/`, [site](https://example.org/a/b.md),',
      '`npm run dev -w mf-loan`, `@instalment/federation/pages`, `<remote>/src/pages.ts`, `reports/mutation/{contract,server}.json`,',
      '`shell/dist/config.json`, `config.json`, `../shared/SPEC.md`, `/usr/bin/chromium`, [the API](../server/README.md#metrics).',
      '```sh',
      'node scripts/no-such-script.js',
      '```',
    ].join('\n');
    expect(missingIn('docs/example.md', markdown, fileNames)).toEqual([]);
  });
});
