import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PAGES } from '../../packages/federation/src/pages/pages';
import { PATHS } from '../../packages/contract/src/paths';
import { applyThroughUi, heading, newPhone, open, registerThroughUi } from './support';

type Visit = { route: string; query?: Record<string, string> };

/** Every route of the app, with a real loan and article behind the pages that show one. */
function visits(orderNo: string | null): Visit[] {
  const withOrder = new Set<string>([
    PATHS.loanDetail,
    PATHS.borrowingDetail,
    PATHS.contract,
    PATHS.borrowingContract,
    PATHS.settlement,
    PATHS.repay,
    PATHS.proofUpload,
    PATHS.repayProofUpload,
  ]);
  return Object.values(PAGES).map(({ path }): Visit => {
    if (path === PATHS.newsDetail) return { route: path, query: { id: '1' } };
    if (orderNo && path === PATHS.cashier) return { route: path, query: { order_no: orderNo, periods: '1' } };
    if (orderNo && withOrder.has(path)) return { route: path, query: { order_no: orderNo } };
    return { route: path };
  });
}

/** Opens a route, waits until its page has settled, and answers axe's violations there. */
async function violationsAt(page: Page, { route, query }: Visit): Promise<string[]> {
  await open(page, query ? `${route}?${new URLSearchParams(query)}` : route);
  await expect(heading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /loading|加载/ })).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${route} [${violation.impact}] ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

async function auditEveryRoute(page: Page, orderNo: string | null): Promise<string[]> {
  const found: string[] = [];
  for (const visit of visits(orderNo)) found.push(...(await violationsAt(page, visit)));
  return found;
}

/** Chooses Chinese as the profile page does (the choice is kept), then loads the app afresh in it. */
async function useChinese(page: Page) {
  await page.evaluate(() => window.localStorage.setItem('locale', 'zh-CN'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
}

test.describe('accessibility: axe-core finds nothing on any route', () => {
  test.describe.configure({ timeout: 300_000 });

  test('logged out, in English and in Chinese', async ({ page }) => {
    const english = await auditEveryRoute(page, null);
    await useChinese(page);
    const chinese = await auditEveryRoute(page, null);
    expect([...english, ...chinese]).toEqual([]);
  });

  test('logged in with a loan, in English and in Chinese', async ({ page }) => {
    await registerThroughUi(page, newPhone());
    await expect(page).toHaveURL(/#\/$/);
    const orderNo = await applyThroughUi(page);
    const english = await auditEveryRoute(page, orderNo);
    await useChinese(page);
    const chinese = await auditEveryRoute(page, orderNo);
    expect([...english, ...chinese]).toEqual([]);
  });
});
