import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');

/** A checkout with what the scaffold reads and changes: the remotes, the ports, the workspaces. */
function checkout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'new-remote-'));
  for (const file of ['packages/federation/src/pages/remotes.json', 'scripts/ports.js', 'package.json']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(root, file));
  }
  return root;
}

const scaffold = (root: string, ...args: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'new-remote.mjs'), ...args, '--root', root], {
    encoding: 'utf8',
    stdio: 'pipe',
  });

test('makes a remote with one page, its words, a test and its webpack config, and lists it with the others', () => {
  const root = checkout();
  try {
    scaffold(root, 'mf-help', '--port', '3105');
    const made = (file: string) => fs.readFileSync(path.join(root, 'mf-help', file), 'utf8');
    expect(made('src/extra-pages.ts')).toContain("path: '/pages/help/index', module: './Help'");
    expect(made('src/standalone.tsx')).toContain("renderStandalone('mf_help', loadPage, EXTRA_PAGES)");
    expect(made('src/loadPage.ts')).toContain(
      'import(/* webpackInclude: /pages\\/[A-Za-z]+\\.tsx$/ */ /* webpackExclude: /\\.test\\.tsx$/ */ `./${file}`)',
    );
    expect(made('src/pages/Help.test.tsx')).toContain("locale: 'zh-CN'");
    expect(JSON.parse(made('package.json')).scripts.test).toBe('jest --config ../jest.config.js --selectProjects mf-help && eslint .');
    expect(JSON.parse(fs.readFileSync(path.join(root, 'packages/federation/src/pages/remotes.json'), 'utf8')).mf_help).toBe('mf-help');
    // The dev and serve stack read the ports from scripts/ports.js.
    const { packageNamed } = createRequire(__filename)(path.join(root, 'scripts/ports.js'));
    expect(packageNamed('mf-help')).toEqual({ name: 'mf-help', env: 'HELP_PORT', port: 3105, remote: 'mf_help' });
    expect(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces).toContain('mf-help');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('refuses a name that is not mf-<word>, a port it cannot use, and a remote that exists', () => {
  const root = checkout();
  try {
    expect(() => scaffold(root, 'help', '--port', '3105')).toThrow(/Name the package mf-<word>/);
    expect(() => scaffold(root, 'mf-help', '--port', '80')).toThrow(/--port between 1024 and 65535/);
    expect(() => scaffold(root, 'mf-news', '--port', '3106')).toThrow(/mf_news is already a remote/);
    expect(fs.existsSync(path.join(root, 'mf-help'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'mf-news'))).toBe(false);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
