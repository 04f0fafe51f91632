import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { editConfig, freePort, ROOT } from './support';

const { startStatic } = require('../../scripts/stack');

/** What a remote's build reads besides its own folder and `packages/` (the factory's folder whole). */
const BUILD_FILES = ['webpack', 'tsconfig.base.json', 'scripts/ports.js', 'scripts/index.html', 'scripts/hashed-names.js'];

export interface TeamCheckout {
  /** The checkout's root: edit `packages/` or the remote's folder under it before building. */
  root: string;
  /** Writes `text` over a file of the checkout (a path from its root), or changes what is there. */
  edit(file: string, change: string | ((text: string) => string)): void;
  /** Builds the remote alone, as its team's pipeline would; about 40 s. */
  build(): void;
  /** The remote's build, served on `port` the way its deployment would serve it. */
  serve(port: number): Promise<{ stop(): Promise<void> }>;
  /**
   * Deploys the build as remote `container` of a host: served on a free port, and the host's
   * config.json re-pointed at it; `stop` puts the config back and stops serving.
   */
  deploy(container: string, host?: 'shell' | 'ops'): Promise<{ stop(): Promise<void> }>;
  remove(): void;
}

/**
 * A remote team's own checkout, under e2e/.work: the repository's build files, its own copy of
 * `packages/` (the team may change the UI kit, the contract or a package's version there) and its
 * remote, with the repository's installed packages linked in one by one, so that each
 * `@instalment/<package>` resolves to the copy and not to the repository's. A remote the repository does not have yet
 * is the team's to make in the checkout (`npm run new-remote -- <package> --root <root>`).
 */
export function teamCheckout(name: string, remote: string): TeamCheckout {
  const root = path.join(ROOT, 'e2e', '.work', name);
  fs.rmSync(root, { recursive: true, force: true });
  for (const file of BUILD_FILES) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.cpSync(path.join(ROOT, file), path.join(root, file), { recursive: true });
  }
  const copy = (folder: string) =>
    fs.cpSync(path.join(ROOT, folder), path.join(root, folder), {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|dist|\.mf)$/.test(source),
    });
  copy('packages');
  if (fs.existsSync(path.join(ROOT, remote))) copy(remote);
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(path.join(modules, '@instalment'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@instalment' || entry === '.bin') continue;
    fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const name of fs.readdirSync(path.join(root, 'packages'))) {
    fs.symlinkSync(path.join(root, 'packages', name), path.join(modules, '@instalment', name));
  }
  const edit = (file: string, change: string | ((text: string) => string)) => {
    const target = path.join(root, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (typeof change === 'string') return fs.writeFileSync(target, change);
    const before = fs.readFileSync(target, 'utf8');
    const after = change(before);
    // A change that no longer finds its place in the file would ship the team's old code unseen.
    if (after === before) throw new Error(`${file}: the change found nothing to change`);
    fs.writeFileSync(target, after);
  };
  const serve = (port: number) => startStatic(path.relative(ROOT, path.join(root, remote)), port);
  return {
    root,
    edit,
    build: () =>
      execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
        cwd: path.join(root, remote),
        stdio: 'pipe',
      }),
    serve,
    deploy: async (container, host = 'shell') => {
      const port = await freePort();
      const server = await serve(port);
      const restore = editConfig((config) => {
        config.remotes[container] = `http://127.0.0.1:${port}/mf-manifest.json`;
      }, host);
      return {
        stop: async () => {
          restore();
          await server.stop();
        },
      };
    },
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/** The names of the built files of both hosts and every remote, to show a deploy touched none of them. */
export function builtFiles(): Record<string, string[]> {
  return Object.fromEntries(
    ['shell', 'ops', 'mf-account', 'mf-loan', 'mf-payment', 'mf-news'].map((pkg) => [
      pkg,
      fs.readdirSync(path.join(ROOT, pkg, 'dist')).sort(),
    ]),
  );
}
