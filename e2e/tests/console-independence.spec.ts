import { expect, test } from '@playwright/test';
import { builtFiles, teamCheckout, type TeamCheckout } from './checkout';
import { addOperator, consoleUrl, closeConsoleWindows, signIn } from './operators';
import { lastScreen } from './support';

test.afterEach(closeConsoleWindows);

test.describe.configure({ mode: 'serial' });

/**
 * DESIGN §3, a remote's team ships its operator screens alone: the news team's checkout adds a
 * screen under mf-news/src/console and one row in its table; only mf-news is built.
 */
let news: TeamCheckout;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  news = teamCheckout('news-ops-team', 'mf-news');
  news.edit(
    'mf-news/src/console/ConsoleNewsDrafts.tsx',
    `import { consoleNews } from '@instalment/contract/api';
import { useHost } from '@instalment/host-sdk/host';
import type { ConsolePageProps } from '@instalment/ui/console';
import { useLoad } from '@instalment/ui/kit';

export default function ConsoleNewsDrafts(_props: ConsolePageProps) {
  const { http } = useHost();
  const { data } = useLoad(() => consoleNews(http, { limit: 50 }), [http]);
  if (!data) return <p role="status">Counting…</p>;
  return <p>Drafts waiting: {data.list.filter((article) => article.status === 'draft').length}</p>;
}`,
  );
  news.edit('mf-news/src/console/pages.ts', (text) =>
    text.replace(
      /\];\s*$/,
      `  { path: '/news/drafts', module: './ConsoleNewsDrafts', titles: { en: 'Drafts', 'zh-CN': '草稿' }, permission: 'news' },\n];\n`,
    ),
  );
  news.build();
});
test.afterAll(() => news?.remove());

test('32. a remote ships a new operator screen alone: editors see and open it in the console, finance does not, no ops host build', async ({
  browser,
}, testInfo) => {
  const before = builtFiles();
  const deployment = await news.deploy('mf_news', 'ops');
  try {
    const editor = await signIn(browser, await addOperator('editor'));
    const navigation = editor.getByRole('navigation');
    await navigation.getByRole('link', { name: 'Drafts', exact: true }).click();
    await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Drafts');
    // Drawn by the new deployment, through the console's host door (the operator's token).
    await expect(editor.getByText(/^Drafts waiting: \d+$/)).toBeVisible();
    // The news team's other screen still comes from the same deployment.
    await navigation.getByRole('link', { name: 'News', exact: true }).click();
    await expect(editor.getByRole('heading', { level: 1 })).toHaveText('News');
    await editor.getByRole('button', { name: 'Switch to Chinese' }).click();
    await expect(navigation.getByRole('link', { name: '草稿', exact: true })).toBeVisible();

    const finance = await signIn(browser, await addOperator('finance'));
    // The navigation has read every remote (finance's own screens are there) and has no drafts.
    await expect(finance.getByRole('navigation').getByRole('link', { name: 'Transfer proofs' })).toBeVisible();
    await expect(finance.getByRole('navigation').getByRole('link', { name: 'Drafts' })).toHaveCount(0);
    // Typed in, the screen says whose it is instead of opening.
    await finance.goto(`${consoleUrl()}#/news/drafts`);
    await expect(finance.getByRole('heading', { level: 1 })).toHaveText('Drafts');
    await expect(finance.getByRole('alert')).toHaveText('Your role does not open this page.It opens for: Editor, Admin, Auditor.');

    expect(builtFiles()).toEqual(before);
    await lastScreen(editor, testInfo);
  } finally {
    await deployment.stop();
  }
});
