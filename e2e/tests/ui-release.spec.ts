import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { builtFiles, teamCheckout } from './checkout';
import { heading, lastScreen, newPhone, open, registerThroughUi, ROOT } from './support';

/** What a build asks the page's shared scope for: each singleton with the versions it offers and accepts. */
function singletonsOf(dist: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
    shared: Array<{ name: string; version: string; requiredVersion: string; singleton: boolean }>;
  };
  return manifest.shared.map(({ name, version, requiredVersion, singleton }) => ({ name, version, requiredVersion, singleton }));
}

/**
 * DESIGN §3: the UI kit is bundled into each remote, never a singleton. The payment team takes a
 * new release of `@instalment/ui` (a changed empty state) and builds mf-payment alone: no singleton's
 * version moves, so the shell and the other remotes, untouched, keep working beside it.
 */
test('35. a release of @instalment/ui consumed by one remote changes nothing in the other builds and no singleton', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const payment = teamCheckout('payment-team', 'mf-payment');
  try {
    payment.edit('packages/ui/package.json', (text) => text.replace(/"version": "[^"]+"/, '"version": "1.1.0"'));
    payment.edit('packages/ui/src/kit/blocks.tsx', (text) =>
      text.replace('<div className={styles.state} role="status">', '<div className={styles.state} role="status" data-kit="1.1.0">'),
    );
    payment.edit('mf-payment/package.json', (text) => text.replace('"@instalment/ui": "1.0.0"', '"@instalment/ui": "1.1.0"'));
    payment.build();
    const released = path.join(payment.root, 'mf-payment', 'dist');
    expect(singletonsOf(released)).toEqual(singletonsOf(path.join(ROOT, 'mf-payment', 'dist')));
    expect(singletonsOf(released).map((shared) => shared.name)).not.toContainEqual(expect.stringContaining('@instalment/ui'));

    const before = builtFiles();
    const deployment = await payment.deploy('mf_payment');
    try {
      await registerThroughUi(page, newPhone());
      // The payment page draws its empty state with the release…
      await open(page, '/pages/repay/repay');
      await expect(heading(page)).toHaveText('my repayments');
      await expect(page.getByRole('main').getByRole('status')).toHaveAttribute('data-kit', '1.1.0');
      // …and the loan team's page, not rebuilt, the same component as it was built with.
      await open(page, '/pages/loan/loan');
      await expect(heading(page)).toHaveText('my loans');
      await expect(page.getByRole('main').getByRole('status')).toBeVisible();
      await expect(page.locator('[data-kit]')).toHaveCount(0);
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
