import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');

/** Lints `source` as if it were the file at `filePath`; returns what the console-call rule said of it. */
function refusals(filePath: string, source: string): string[] {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', '--stdin', '--stdin-filename', filePath],
    { cwd: ROOT, input: source, encoding: 'utf8' },
  );
  const [report] = JSON.parse(result.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
  return report.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

const REFUSED = ['A console screen calls the API through useConsoleApi() (@instalment/ui/console), typed by the contract, not by path.'];

/** An operator screen that asks the API by path, the way `ask` says. */
const screenAsking = (ask: string) => `import { ADMIN_ENDPOINTS, adminPath, type ApprovalAsked } from '@instalment/contract/api';
import { useHost } from '@instalment/host-sdk/host';

export function useDisburse() {
  const host = useHost();
  const { http } = host;
  return (orderNo: string, bankRef: string) => ${ask};
}`;

const BY_PATH = 'adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no: orderNo })';

describe('console screens call the API through useConsoleApi(), never by path', () => {
  test.each([
    [
      'a remote’s operator screen posting by path',
      'mf-loan/src/console/Wrong.tsx',
      `http.post<ApprovalAsked>(${BY_PATH}, { bank_ref: bankRef })`,
    ],
    ['a remote’s operator screen reading by path', 'mf-payment/src/console/Wrong.tsx', `http.get<ApprovalAsked>(${BY_PATH})`],
    ['a console host page through the host', 'ops/src/pages/Wrong.tsx', `host.http.post<ApprovalAsked>(${BY_PATH}, { bank_ref: bankRef })`],
    [
      'a shared operator component fetching',
      'packages/ui/src/console/Wrong.tsx',
      `fetch(${BY_PATH}).then((answer) => answer.json() as Promise<ApprovalAsked>)`,
    ],
    [
      'a console host screen fetching through window',
      'ops/src/Wrong.tsx',
      `window.fetch(${BY_PATH}).then((answer) => answer.json() as Promise<ApprovalAsked>)`,
    ],
  ])('%s is refused, pointing at useConsoleApi()', (_what, file, ask) => {
    expect(refusals(file, screenAsking(ask))).toEqual(REFUSED);
  });

  test('the same ask through useConsoleApi() passes', () => {
    const source = `import { useConsoleApi } from '@instalment/ui/console';

export function useDisburse() {
  const { loans } = useConsoleApi();
  return (orderNo: string, bankRef: string) => loans.askDisbursement(orderNo, bankRef);
}`;
    expect(refusals('mf-loan/src/console/Right.tsx', source)).toEqual([]);
  });

  test('the console host’s sign-in, and borrower pages (they have useApi()), are not console screens', () => {
    expect(refusals('ops/src/host/createConsoleHost.ts', screenAsking(`host.http.post<ApprovalAsked>(${BY_PATH})`))).toEqual([]);
    expect(refusals('mf-loan/src/pages/Elsewhere.tsx', screenAsking(`http.post<ApprovalAsked>(${BY_PATH})`))).toEqual([]);
  });
});
