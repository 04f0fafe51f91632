import { expect, test, type Page } from '@playwright/test';
import { createLoan } from '../../packages/contract/src/api';
import { formatMoney } from '../../packages/contract/src/format';
import { application, borrowerThroughApi } from './borrowers';
import { addOperator, closeConsoleWindows, noViolations, signIn } from './operators';
import { paidTwice } from './payments';

test.afterEach(closeConsoleWindows);

/** A desk's screen: what `signIn` opens the console in. */
const DESK = { width: 1280, height: 800 };

/** Nothing on the page scrolls sideways: neither the page nor a table's box. */
async function fitsWidth(page: Page, screen: string) {
  const overflowing = await page.evaluate(() => {
    const root = document.scrollingElement!;
    const wide = [...document.querySelectorAll('table')]
      .map((table) => table.parentElement!)
      .filter((box) => box.scrollWidth > box.clientWidth)
      .map((box) => `${box.querySelector('caption')?.textContent ?? 'table'}: ${box.scrollWidth} > ${box.clientWidth}`);
    return root.scrollWidth > root.clientWidth ? [`page: ${root.scrollWidth} > ${root.clientWidth}`, ...wide] : wide;
  });
  expect({ screen, overflowing }).toEqual({ screen, overflowing: [] });
}

test('50r. staff: the reconciliation screen at 1,280 × 800 in Chinese scrolls nowhere sideways, every action in view; axe finds nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { http } = await borrowerThroughApi();
  const { order_no, due } = await paidTwice(http);

  const page = await signIn(browser, await addOperator('finance'));
  expect(page.viewportSize()).toEqual(DESK);
  await page.getByRole('button', { name: 'Switch to Chinese' }).click();
  await page.getByRole('link', { name: '差额对账', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: order_no });
  await expect(row).toContainText('对应期次已通过其他方式结清');
  await expect(row).toContainText(formatMoney(due.total));
  await fitsWidth(page, '差额对账');

  const actions = row.getByRole('button');
  await expect(actions.filter({ hasText: /^退款 #\d+$/ })).toBeVisible();
  for (const action of await actions.all()) {
    const box = (await action.boundingBox())!;
    expect({ action: await action.textContent(), left: box.x >= 0, right: box.x + box.width <= DESK.width }).toEqual({
      action: await action.textContent(),
      left: true,
      right: true,
    });
  }
  // The numbers folded into the row's details open under it, and the screen still fits.
  const details = row.getByRole('button', { name: /^#\d+ 详情$/ });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(due.payment_no)).toBeVisible();
  await fitsWidth(page, '差额对账');
  await noViolations(page);
});

test('50s. staff: every console screen an admin opens fits 1,280 × 800 in Chinese, amounts with thousands separators; axe finds nothing', async ({
  browser,
}) => {
  // Thirteen screens or more, each with axe: minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const { http } = await borrowerThroughApi();
  const { order_no } = await createLoan(http, application());

  const page = await signIn(browser, await addOperator('admin'));
  await page.getByRole('button', { name: 'Switch to Chinese' }).click();
  const navigation = page.getByRole('navigation', { name: '后台' });
  // Every remote has published its screens: none is still loading.
  await expect(navigation.getByRole('status')).toHaveCount(0);
  const screens = await navigation.getByRole('link').allTextContents();
  expect(screens.length).toBeGreaterThanOrEqual(13);
  for (const name of screens) {
    await navigation.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('status').filter({ hasText: /加载/ })).toHaveCount(0);
    await fitsWidth(page, name);
    await noViolations(page);
  }

  await navigation.getByRole('link', { name: '借款审批', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: order_no })).toContainText('¥3,000.00');
});
