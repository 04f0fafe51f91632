import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_ENDPOINTS, adminPath, type ArticleState, type NewsDraft } from '../../packages/contract/src/api';
import { builtFiles, teamCheckout } from './checkout';
import { addOperator, consoleApi } from './operators';
import { heading, lastScreen, open, ROOT } from './support';

/** An editor publishes an article whose body links to `path` (an app route), as the news desk would. */
async function publishArticleLinkingTo(path: string, words: string): Promise<number> {
  const editor = await consoleApi(await addOperator('editor'));
  const draft: NewsDraft = {
    en: {
      title: `Where to find help ${Date.now()}`,
      summary: 'Our new help pages.',
      content: `<p>Questions about repaying? <a href="${path}">${words}</a></p>`,
    },
    author: 'Service desk',
  };
  const article = await editor.post<ArticleState>(ADMIN_ENDPOINTS.news, draft);
  await editor.post(adminPath(ADMIN_ENDPOINTS.publishNews, { id: article.id }), {});
  return article.id;
}

/**
 * DESIGN §3, any number of remotes: a new team makes its remote with the scaffold in a checkout
 * of its own, builds and serves it alone, and the hosts load it once config.json names it.
 */
test('34. a fifth remote made by the scaffold is built and served alone and named in config.json: its page opens by deep link and from a link in a news article; its line removed, it is gone without an error', async ({
  page,
}, testInfo) => {
  // A remote made and built from a checkout of its own: more than a test's usual minute on 2 cores.
  test.setTimeout(240_000);
  const help = teamCheckout('help-team', 'mf-help');
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'new-remote.mjs'), 'mf-help', '--port', '3105', '--root', help.root], {
      stdio: 'pipe',
    });
    help.build();
    const before = builtFiles();
    const deployment = await help.deploy('mf_help');
    try {
      // A deep link to the page no host build knows, published by the new remote's manifest.
      await open(page, '/pages/help/index');
      await expect(heading(page)).toHaveText('help');
      await expect(page.getByText('This page comes from mf-help, deployed on its own.')).toBeVisible();
      await page.getByRole('link', { name: 'Back to home' }).click();
      await expect(page).toHaveURL(/#\/$/);
      await page.goBack();
      await expect(page.getByText('This page comes from mf-help, deployed on its own.')).toBeVisible();
      // From another team's page: the news desk links its article to the help page.
      const article = await publishArticleLinkingTo('/pages/help/index', 'Read the help pages');
      await open(page, `/pages/news/detail?id=${article}`);
      await page.getByRole('link', { name: 'Read the help pages' }).click();
      await expect(heading(page)).toHaveText('help');
      await expect(page.getByText('This page comes from mf-help, deployed on its own.')).toBeVisible();
      expect(builtFiles()).toEqual(before);
      await lastScreen(page, testInfo);
    } finally {
      await deployment.stop();
    }
    // Its line gone, the app starts as before: its path is one nobody publishes, and nothing fails.
    await open(page, '/');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'latest news', exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await open(page, '/pages/help/index');
    await expect(page.getByRole('alert')).toContainText('404');
  } finally {
    help.remove();
  }
});
