import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Publishing is plain CommonJS shared with `npm start` and `npm run release`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const { publish, builtReleaseName } = require('./publish') as {
  publish: (dist: string, name: string, options?: { from?: string }) => { name: string; dir: string; published: boolean };
  builtReleaseName: (packageDir: string) => string;
};

let root: string;
let dist: string;

/** A remote's build as `npm run build` leaves it: hashed files, their precompressed copies and maps, a subfolder. */
const BUILD: Record<string, string> = {
  'mf-manifest.json': JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.b375439d.js' } } }),
  'remoteEntry.b375439d.js': 'entry',
  'remoteEntry.b375439d.js.gz': 'gzip',
  'remoteEntry.b375439d.js.br': 'brotli',
  'remoteEntry.b375439d.js.map': '{"sources":["src/pages/NewsList.tsx"]}',
  'index.html': '<!doctype html>',
  'images/cover.1a2b3c4d.png': 'png',
};

function write(dir: string, files: Record<string, string>) {
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
}

/** A folder's files, paths from it, with their text. */
function read(dir: string, under = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const name = path.posix.join(under, entry.name);
    if (entry.isDirectory()) Object.assign(found, read(dir, name));
    else found[name] = fs.readFileSync(path.join(dir, name), 'utf8');
  }
  return found;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-'));
  dist = path.join(root, 'mf-news', 'dist');
  write(dist, BUILD);
  fs.writeFileSync(path.join(root, 'mf-news', 'package.json'), JSON.stringify({ name: 'mf-news', version: '1.4.0' }));
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('a build is published whole under releases/<name>: precompressed files, source maps and subfolders, unchanged', () => {
  expect(publish(dist, '1.4.0')).toMatchObject({ name: '1.4.0', published: true });
  expect(read(path.join(dist, 'releases', '1.4.0'))).toEqual(BUILD);
  // The build served at the root is still there, as it was.
  expect(read(dist)).toMatchObject(BUILD);
});

test('a release holds neither the releases before it, nor a config.json, nor a publish cut short', () => {
  publish(dist, '1.4.0');
  write(dist, { 'config.json': '{}', 'remoteEntry.b375439d.js': 'entry of the next build', '.publishing-1.3.0-99/mf-manifest.json': '{}' });
  publish(dist, '1.5.0');
  const files = Object.keys(read(path.join(dist, 'releases', '1.5.0')));
  expect(files).toEqual(Object.keys(BUILD).sort());
  expect(fs.readdirSync(path.join(dist, 'releases')).sort()).toEqual(['1.4.0', '1.5.0']);
});

test('publishing a name again with the same files changes nothing; with other files it is refused', () => {
  publish(dist, '1.4.0');
  const before = read(path.join(dist, 'releases', '1.4.0'));
  expect(publish(dist, '1.4.0').published).toBe(false);

  write(dist, { 'remoteEntry.b375439d.js': 'a different entry' });
  expect(() => publish(dist, '1.4.0')).toThrow('release 1.4.0 is already published');
  expect(read(path.join(dist, 'releases', '1.4.0'))).toEqual(before);
  // A file more is other files too.
  write(dist, { 'remoteEntry.b375439d.js': 'entry', 'extra.js': 'x' });
  expect(() => publish(dist, '1.4.0')).toThrow('already published');
});

test("a team's build made elsewhere is published into the remote's releases", () => {
  const elsewhere = path.join(root, 'team', 'mf-news', 'dist');
  write(elsewhere, { ...BUILD, 'remoteEntry.b375439d.js': 'the team’s entry', 'releases/old/mf-manifest.json': '{}' });
  publish(dist, 'team-1', { from: elsewhere });
  const published = read(path.join(dist, 'releases', 'team-1'));
  expect(published['remoteEntry.b375439d.js']).toBe('the team’s entry');
  expect(Object.keys(published)).not.toContain('releases/old/mf-manifest.json');
});

test.each(['../escape', '.hidden', 'a/b', '', 'x'.repeat(41), '1.4.0 beta'])('"%s" is not a release name', (name) => {
  expect(() => publish(dist, name)).toThrow('is not a release name');
  expect(fs.existsSync(path.join(dist, 'releases'))).toBe(false);
});

test('a folder without a remote build is not published', () => {
  const empty = path.join(root, 'empty');
  fs.mkdirSync(empty);
  expect(() => publish(dist, '1.4.0', { from: empty })).toThrow('no mf-manifest.json');
});

test("the name a remote's last build is published under: its version and its files' content hash, another for any other byte", () => {
  const first = builtReleaseName(path.join(root, 'mf-news'));
  expect(first).toMatch(/^1\.4\.0-[0-9a-f]{8}$/);
  expect(builtReleaseName(path.join(root, 'mf-news'))).toBe(first);
  publish(dist, first);
  // A rebuild whose entry is the same but whose source map is not (ts-loader's maps chained in).
  write(dist, { 'remoteEntry.b375439d.js.map': '{"sources":["webpack://mf_news/./src/pages/NewsList.tsx"]}' });
  const second = builtReleaseName(path.join(root, 'mf-news'));
  expect(second).not.toBe(first);
  expect(publish(dist, second).published).toBe(true);
});
