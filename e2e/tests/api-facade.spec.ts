import { expect, test } from '@playwright/test';
import { builtFiles, teamCheckout } from './checkout';
import { heading, lastScreen, newPhone, open, registerThroughUi } from './support';

/**
 * DESIGN §3, a remote's calls ship with it: the payment team adds a call to its copy of the
 * contract (a new function over an endpoint the server already has) and a page that makes it;
 * only mf-payment is built. The shell deployed before knows neither.
 */
test('33. a remote ships a new API call and the page that makes it alone: under the deployed shell, unchanged, the page shows the answer', async ({
  page,
}, testInfo) => {
  // One remote built from a checkout of its own: more than a test's usual minute on 2 cores.
  test.setTimeout(240_000);
  const payment = teamCheckout('payment-team', 'mf-payment');
  try {
    payment.edit(
      'packages/contract/src/api/loan.ts',
      (text) => `${text}
/** The lender's receiving account in one line, as the payment team's new page shows it. */
export const transferAccountLine = async (http: HttpClient, options?: CallOptions): Promise<string> => {
  const account = await http.get<BankInfo>(ENDPOINTS.bankInfo, undefined, options);
  return \`\${account.bank_name} · \${account.account_name} · \${account.account_no}\`;
};`,
    );
    payment.edit(
      'mf-payment/src/extra-pages.ts',
      `import type { ExtraPage } from '@instalment/federation/pages';

export const EXTRA_PAGES: ExtraPage[] = [
  { path: '/pages/payment/account', module: './TransferAccount', titles: { en: 'where to transfer', 'zh-CN': '转账账户' } },
];`,
    );
    payment.edit(
      'mf-payment/src/pages/TransferAccount.tsx',
      `import { transferAccountLine } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';
import type { PageProps } from '@instalment/host-sdk/host';
import { useLoad } from '@instalment/ui/kit';

export default function TransferAccount(_props: PageProps) {
  const api = useApi({ loan: { transferAccountLine } });
  const line = useLoad(() => api.loan.transferAccountLine({ loading: false }), [api]);
  return <p>{line.data ? \`Transfer to \${line.data}\` : line.error ? \`Failed: \${line.error.message}\` : 'Asking…'}</p>;
}`,
    );
    payment.build();
    const before = builtFiles();
    const deployment = await payment.deploy('mf_payment');
    try {
      await open(page, '/pages/payment/account');
      await expect(heading(page)).toHaveText('where to transfer');
      // The call exists only in the payment team's build; the shell, built without it, carries it out.
      await expect(page.getByText(/^Transfer to .+ · .+ · \d+$/)).toBeVisible();
      await expect(page.getByText(/^Failed:/)).toHaveCount(0);
      // The payment pages the shell already knew still work from the new deployment.
      await registerThroughUi(page, newPhone());
      await open(page, '/pages/repay/repay');
      await expect(heading(page)).toHaveText('my repayments');
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(builtFiles()).toEqual(before);
      await lastScreen(page, testInfo);
    } finally {
      await deployment.stop();
    }
  } finally {
    payment.remove();
  }
});
