// The production server as one JavaScript file that node runs: the server's code and the
// contract and rules it imports (@instalment/contract, TypeScript sources) are bundled; the
// server's own dependencies stay in node_modules, where native ones (better-sqlite3) are built
// for the machine.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const installed = Object.keys(dependencies).filter((name) => !name.startsWith('@instalment/'));

await build({
  // The server, and the commands that manage operator accounts, the data keys, backups and the remotes' releases.
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    operator: new URL('./src/cli/operator.ts', import.meta.url).pathname,
    'rotate-keys': new URL('./src/cli/rotate-keys.ts', import.meta.url).pathname,
    backup: new URL('./src/cli/backup.ts', import.meta.url).pathname,
    restore: new URL('./src/cli/restore.ts', import.meta.url).pathname,
    release: new URL('./src/cli/release.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: installed.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
