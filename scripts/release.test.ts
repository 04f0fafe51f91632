import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The command is plain CommonJS, run by `npm run release`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const { release } = require('./release') as {
  release: (
    args: string[],
    options: { root: string; cwd?: string; log: (line: string) => void; command: (args: string[]) => number },
  ) => number;
};

let root: string;
/** The arguments the API's command was run with, each run. */
let ran: string[][];
let logged: string[];

const run = (...args: string[]) =>
  release(args, {
    root,
    cwd: path.join(root, 'team'),
    log: (line) => logged.push(line),
    command: (rest) => {
      ran.push(rest);
      return 0;
    },
  });

function writeBuild(dir: string, entry: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(dir, 'remoteEntry.b375439d.js'), entry);
}

const released = (name: string, file = 'remoteEntry.b375439d.js') =>
  fs.readFileSync(path.join(root, 'mf-news', 'dist', 'releases', name, file), 'utf8');

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
  writeBuild(path.join(root, 'mf-news', 'dist'), 'last build');
  ran = [];
  logged = [];
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test("a remote's last build is published under the name, then the API's command releases it", () => {
  expect(run('mf-news', '1.5.0', '--canary', '10')).toBe(0);
  expect(released('1.5.0')).toBe('last build');
  expect(ran).toEqual([['mf-news', '1.5.0', '--canary', '10']]);
  expect(logged[0]).toMatch(/^published 1\.5\.0/);
});

test('the remote may be named by its container; a release already published with these files is not copied again', () => {
  run('mf_news', '1.5.0');
  run('mf_news', '1.5.0');
  expect(released('1.5.0')).toBe('last build');
  expect(logged[1]).toBe('1.5.0 is published already, with these files');
  expect(ran).toEqual([
    ['mf_news', '1.5.0'],
    ['mf_news', '1.5.0'],
  ]);
});

test("a build made elsewhere (--from) is published into the remote's releases; the API's command is not told where it was", () => {
  const team = path.join(root, 'team', 'dist');
  writeBuild(team, 'the team’s build');
  run('mf-news', 'team-1', '--canary', '50', '--from', team);
  expect(released('team-1')).toBe('the team’s build');
  expect(ran).toEqual([['mf-news', 'team-1', '--canary', '50']]);
});

test('a relative --from is where the command was typed, not the workspace npm runs it from', () => {
  writeBuild(path.join(root, 'team', 'mf-news', 'dist'), 'built in the team’s folder');
  run('mf-news', 'team-2', '--from', 'mf-news/dist');
  expect(released('team-2')).toBe('built in the team’s folder');
});

test('promote, rollback and status publish nothing and go to the API as they are', () => {
  run('promote', 'mf-news');
  run('rollback', 'mf_news');
  run('status');
  expect(ran).toEqual([['promote', 'mf-news'], ['rollback', 'mf_news'], ['status']]);
  expect(fs.existsSync(path.join(root, 'mf-news', 'dist', 'releases'))).toBe(false);
});

test.each([
  [['mf-nothing', '1.5.0'], 'No remote mf-nothing'],
  [['mf-news'], 'Which release of mf-news?'],
  [['mf-news', '--canary', '10'], 'Which release of mf-news?'],
  [['mf-news', '../1.5.0'], 'is not a release name'],
  [['mf-news', '1.5.0', '--from'], '--from names the folder'],
  [['rollback', 'mf-news', '--from', 'x'], 'rollback publishes none'],
  [[], 'usage: npm run release'],
])('%j is refused before anything is published or released: %s', (args, message) => {
  expect(() => run(...args)).toThrow(message);
  expect(ran).toEqual([]);
  expect(fs.existsSync(path.join(root, 'mf-news', 'dist', 'releases'))).toBe(false);
});

test('a name published already with other files is refused, and nothing is released', () => {
  run('mf-news', '1.5.0');
  writeBuild(path.join(root, 'mf-news', 'dist'), 'the next build');
  expect(() => run('mf-news', '1.5.0')).toThrow('already published');
  expect(released('1.5.0')).toBe('last build');
  expect(ran).toHaveLength(1);
});
