import { expect, test } from '@playwright/test';
import { teamCheckout, type TeamCheckout } from './checkout';
import { heading, lastScreen, open } from './support';

test.describe.configure({ mode: 'serial' });

/** The loan team's checkout, built against another release of the host SDK, the one package of singletons (`packages/host-sdk/package.json`). */
let loan: TeamCheckout;
test.beforeAll(() => {
  loan = teamCheckout('loan-team', 'mf-loan');
});
test.afterAll(() => loan?.remove());

async function deployBuiltAgainst(version: string) {
  loan.edit('packages/host-sdk/package.json', (text) => text.replace(/"version": "[^"]+"/, `"version": "${version}"`));
  loan.build();
  return loan.deploy('mf_loan');
}

test('22a. mf-loan built against the next minor of the host SDK loads, with no version warning', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const deployment = await deployBuiltAgainst('1.1.0');
  const console: string[] = [];
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  try {
    await open(page, '/');
    await expect(page.getByRole('button', { name: 'Apply now' })).toBeVisible();
    await open(page, '/pages/overdue/impact');
    await expect(heading(page)).toHaveText('overdue impact');
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(console.filter((line) => /version|satisfy/i.test(line))).toEqual([]);
    await lastScreen(page, testInfo);
  } finally {
    await deployment.stop();
  }
});

test('22b. built against the next major: its pages show the error view with retry, the rest of the app works', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const deployment = await deployBuiltAgainst('2.0.0');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  try {
    await open(page, '/pages/overdue/impact');
    await expect(heading(page)).toHaveText('overdue impact');
    await expect(page.getByRole('alert')).toContainText('could not be loaded');
    await expect(page.getByRole('button', { name: 'retry' })).toBeVisible();
    // The reason is logged for whoever looks: the shell's host SDK does not satisfy ^2.0.0.
    expect(errors.some((line) => line.includes('^2.0.0'))).toBe(true);

    // Home: the loan widget fails alone; the news widget and the tab bar work.
    await open(page, '/');
    await expect(page.getByRole('heading', { name: 'latest news', exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(1);
    await page.getByRole('button', { name: 'mine' }).click();
    await expect(heading(page)).toHaveText('mine');
    await lastScreen(page, testInfo);
  } finally {
    await deployment.stop();
  }
});
