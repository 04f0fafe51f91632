import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');

/** Lints `source` as if it were the file at `filePath`; returns the rules it broke. */
function brokenRules(filePath: string, source: string): string[] {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', '--stdin', '--stdin-filename', filePath],
    {
      cwd: ROOT,
      input: source,
      encoding: 'utf8',
    },
  );
  const [report] = JSON.parse(result.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
  return report.messages.map((message) => message.ruleId ?? message.message);
}

describe('the import rules of DESIGN §2 are enforced by the linter', () => {
  test('a remote importing another remote is refused', () => {
    const source =
      "import { PasswordField } from '../../../mf-account/src/components/PasswordField';\nexport const field = PasswordField;\n";
    expect(brokenRules('mf-loan/src/pages/Wrong.ts', source)).toContain('import-x/no-restricted-paths');
  });

  test('the shell importing a remote or the standalone harness is refused', () => {
    expect(
      brokenRules('shell/src/Wrong.ts', "import { Home } from '../../mf-news/src/widgets/LatestNews';\nexport const x = Home;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      brokenRules(
        'shell/src/Wrong.ts',
        "import { renderStandalone } from '@instalment/federation/harness';\nexport const x = renderStandalone;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  test('the server importing the http client is refused; the contract is allowed', () => {
    expect(
      brokenRules(
        // An existing file's path with other text: the server's lint reads types, which only its own files have.
        'server/src/runtime/context.ts',
        "import { createHttpClient } from '@instalment/host-sdk/http';\nexport const x = createHttpClient;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      brokenRules('server/src/runtime/context.ts', "import { CODE_OK } from '@instalment/contract/api';\nexport const x = CODE_OK;\n"),
    ).toEqual([]);
  });

  test('a server service importing the HTTP edge, or a repository importing a service, is refused', () => {
    expect(brokenRules('server/src/services/news.ts', "import { text } from '../http/input';\nexport const x = text;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      brokenRules('server/src/repositories/news.ts', "import { NewsService } from '../services/news';\nexport const x = NewsService;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      brokenRules('server/src/db/store.ts', "import { NewsRecords } from '../repositories/news';\nexport const x = NewsRecords;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  test('a package importing a host or a remote, or a package it is built beneath, is refused', () => {
    expect(
      brokenRules(
        'packages/ui/src/kit/Wrong.ts',
        "import { createShellHost } from '../../../../shell/src/host/createShellHost';\nexport const x = createShellHost;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      brokenRules('packages/contract/src/api/Wrong.ts', "import { Button } from '@instalment/ui/kit';\nexport const x = Button;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      brokenRules(
        'packages/host-sdk/src/http/Wrong.ts',
        "import { loadExposed } from '@instalment/federation/loader';\nexport const x = loadExposed;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      brokenRules('packages/ui/src/kit/Fine.ts', "import { useHost } from '@instalment/host-sdk/host';\nexport const x = useHost;\n"),
    ).toEqual([]);
  });
});

/** Runs the lint's cycle check (scripts/import-cycles.mjs) on a project. */
const cycles = (tsconfig: string) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'import-cycles.mjs'), tsconfig], { cwd: ROOT, encoding: 'utf8' });

describe('no import cycles, type-only imports included', () => {
  test("two modules naming only each other's types are a cycle; the workspace has none", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
    try {
      fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, include: ['*.ts'] }));
      fs.writeFileSync(path.join(dir, 'roles.ts'), "import type { Kind } from './kinds';\nexport type Role = { kind: Kind };\n");
      fs.writeFileSync(path.join(dir, 'kinds.ts'), "import type { Role } from './roles';\nexport type Kind = 'a' | Role['kind'];\n");
      fs.writeFileSync(path.join(dir, 'leaf.ts'), "import type { Role } from './roles';\nexport type Leaf = Role;\n");
      const found = cycles(path.join(dir, 'tsconfig.json'));
      expect(found.status).toBe(1);
      expect(found.stderr).toContain('kinds.ts\n  roles.ts\n');
      expect(found.stderr).not.toContain('leaf.ts');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(cycles(path.join(ROOT, 'tsconfig.json'))).toMatchObject({ status: 0, stderr: '' });
  });

  test('two folders whose different files import each other are a loop, where no file is in a cycle', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folders-'));
    try {
      fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, include: ['**/*.ts'] }));
      for (const folder of ['loan', 'format', 'leaf']) fs.mkdirSync(path.join(dir, folder));
      fs.writeFileSync(path.join(dir, 'loan/dates.ts'), "import { zone } from '../format/zone';\nexport const day = zone;\n");
      fs.writeFileSync(path.join(dir, 'format/zone.ts'), "export const zone = 'Asia/Shanghai';\n");
      fs.writeFileSync(path.join(dir, 'format/index.ts'), "export { money } from '../loan/money';\n");
      fs.writeFileSync(path.join(dir, 'loan/money.ts'), "export const money = '¥';\n");
      fs.writeFileSync(path.join(dir, 'leaf/uses.ts'), "import { money } from '../format';\nexport const shown = money;\n");
      const found = cycles(path.join(dir, 'tsconfig.json'));
      expect(found.status).toBe(1);
      expect(found.stderr).toBe('Import loop between folders:\n  format\n  loan\n\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the workspace's check judges the hosts and every remote, one made by new-remote too", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-folders-'));
    try {
      fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, include: ['**/*.ts'] }));
      for (const app of ['shell', 'ops', 'mf-help']) {
        fs.mkdirSync(path.join(dir, app, 'src', 'pages'), { recursive: true });
        fs.writeFileSync(path.join(dir, app, 'src/start.ts'), "export { page } from './pages/Page';\nexport const word = 'hello';\n");
        fs.writeFileSync(path.join(dir, app, 'src/pages/Page.ts'), "import { words } from '../messages';\nexport const page = words;\n");
        fs.writeFileSync(path.join(dir, app, 'src/messages.ts'), "export const words = 'hello';\n");
      }
      const script = `import { folderCycles, FOLDER_SCOPES } from ${JSON.stringify(path.join(ROOT, 'scripts', 'import-cycles.mjs'))};
        console.log(JSON.stringify(folderCycles(${JSON.stringify(path.join(dir, 'tsconfig.json'))}, ${JSON.stringify(dir)}, FOLDER_SCOPES)));`;
      const judged = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
      expect(JSON.parse(judged.stdout)).toEqual(
        expect.arrayContaining([
          ['shell/src', 'shell/src/pages'],
          ['ops/src', 'ops/src/pages'],
          ['mf-help/src', 'mf-help/src/pages'],
        ]),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
