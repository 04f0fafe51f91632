import { spawnSync } from 'node:child_process';
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
        "import { renderStandalone } from '@instalment/shared/harness';\nexport const x = renderStandalone;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  test('the server importing the http client is refused; the contract is allowed', () => {
    expect(
      brokenRules(
        // An existing file's path with other text: the server's lint reads types, which only its own files have.
        'server/src/context.ts',
        "import { createHttpClient } from '@instalment/shared/http';\nexport const x = createHttpClient;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(brokenRules('server/src/context.ts', "import { CODE_OK } from '@instalment/shared/api';\nexport const x = CODE_OK;\n")).toEqual(
      [],
    );
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
});
