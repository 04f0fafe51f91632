import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ADMIN_ENDPOINTS,
  adminPath,
  newsDetail,
  type ArticleState,
  type HttpClient,
  type NewsDraft,
} from '../../packages/contract/src/api';
import { PATHS } from '../../packages/contract/src/paths';
import { createHttpClient } from '../../packages/host-sdk/src/http';
import { STORAGE_KEYS } from '../../packages/host-sdk/src/session/store';
import { borrowerThroughApi } from './borrowers';
import { addOperator, closeConsoleWindows, consoleApi, noViolations, signIn } from './operators';
import { apiUrl, open, PNG } from './support';

test.afterEach(closeConsoleWindows);

/** The borrower's app in `page`, signed in with the session the API gave them, first loaded in Chinese. */
async function chineseApp(page: Page, token: string) {
  await page.addInitScript(
    ({ keys, token }) => {
      window.localStorage.setItem(keys.token, token);
      window.localStorage.setItem(keys.tokenExpireTime, String(Math.floor(Date.now() / 1000) + 3600));
      if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'zh-CN');
    },
    { keys: STORAGE_KEYS, token },
  );
}

/** Whether the image in `scope` arrived and was decoded: a cover the server refused has no width. */
async function coverLoaded(scope: Locator) {
  const image = scope.locator('img').first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
}

/** One language's text as the editor types it in its group of the form. */
async function write(page: Page, group: string, text: { title: string; summary: string; content: string }, words: string[]) {
  const fields = page.getByRole('group', { name: group });
  await fields.getByLabel(words[0], { exact: true }).fill(text.title);
  await fields.getByLabel(words[1], { exact: true }).fill(text.summary);
  await fields.getByLabel(words[2], { exact: true }).fill(text.content);
}

test('50n. the editor publishes an article in Chinese and English with an uploaded cover; another borrower’s app shows it in Chinese and, switched, in English, its cover loaded; the editor’s screen passes axe in both languages', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 1_000_000;
  const chinese = { title: `节假日服务时间 ${stamp}`, summary: '客服热线缩短服务时间。', content: '<p>在线还款照常开放。</p>' };
  const english = {
    title: `Holiday service hours ${stamp}`,
    summary: 'The phone line keeps shorter hours.',
    content: '<p>Online repayment stays open.</p>',
  };

  const editor = await signIn(browser, await addOperator('editor'));
  await editor.getByRole('navigation').getByRole('link', { name: 'News', exact: true }).click();
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('News');
  await expect(editor.getByRole('table')).toBeVisible();
  await noViolations(editor);

  const words = ['Title', 'Summary', 'Text (HTML)'];
  await write(editor, 'Chinese', chinese, words);
  await write(editor, 'English', english, words);
  await editor.getByLabel('Author', { exact: true }).fill('Service desk');
  await editor.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  const preview = editor.getByRole('img', { name: 'The cover as uploaded' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await noViolations(editor);
  await editor.getByRole('button', { name: 'Save as draft' }).click();
  const saved = editor.getByRole('status').filter({ hasText: /Draft #\d+ saved/ });
  await expect(saved).toBeVisible();
  const id = Number(/#(\d+)/.exec((await saved.textContent())!)![1]);
  const row = editor.getByRole('row').filter({ hasText: english.title });
  await expect(row).toContainText('English · Chinese');
  await row.getByRole('button', { name: `Publish #${id}` }).click();
  await expect(row).toContainText('published');

  await editor.getByRole('button', { name: 'Switch to Chinese' }).click();
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('资讯');
  await expect(editor.getByRole('row').filter({ hasText: chinese.title })).toContainText('已发布');
  await noViolations(editor);

  // Another borrower than anyone who uploaded anything: the cover is the article's, public once published.
  const { token } = await borrowerThroughApi();
  await chineseApp(page, token);
  await open(page, PATHS.home);
  const latest = page.getByRole('region', { name: '最新资讯' });
  const item = latest.getByRole('link').filter({ hasText: chinese.title });
  await expect(item).toBeVisible();
  await coverLoaded(item);
  // A cold load of the list: its first page is asked for before the app's code runs, in the app's language too.
  await open(page, PATHS.newsList);
  await page.reload();
  const chineseListed = page.getByRole('main').getByRole('link').filter({ hasText: chinese.title });
  await expect(chineseListed).toContainText(chinese.summary);
  await coverLoaded(chineseListed);

  await open(page, PATHS.profile);
  await page.getByRole('button', { name: 'English' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
  await open(page, PATHS.home);
  const englishItem = page.getByRole('region', { name: 'latest news' }).getByRole('link').filter({ hasText: english.title });
  await expect(englishItem).toBeVisible();
  await coverLoaded(englishItem);
  await open(page, PATHS.newsList);
  const listed = page.getByRole('main').getByRole('link').filter({ hasText: english.title });
  await expect(listed).toContainText(english.summary);
  await coverLoaded(listed);
  await listed.click();
  await expect(page.getByRole('heading', { level: 2, name: english.title })).toBeVisible();
  await expect(page.getByText('Online repayment stays open.')).toBeVisible();
});

test('50o. an article past the 50th of the editor’s list is found on the next page and taken down only after a confirmation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const operator = await addOperator('editor');
  const api: HttpClient = await consoleApi(operator);
  const draft = (title: string): NewsDraft => ({ en: { title, summary: 'A notice.', content: '<p>A notice.</p>' }, author: 'Desk' });
  const stamp = Date.now() % 1_000_000;
  const old = await api.post<ArticleState>(ADMIN_ENDPOINTS.news, draft(`Old notice ${stamp}`));
  await api.post(adminPath(ADMIN_ENDPOINTS.publishNews, { id: old.id }), {});
  // Fifty newer articles: the list, newest first, shows the old one past its first page of 50.
  await Promise.all(Array.from({ length: 50 }, (_, index) => api.post(ADMIN_ENDPOINTS.news, draft(`Newer notice ${stamp}.${index}`))));
  const reader = createHttpClient({ baseURL: apiUrl(), getToken: () => null, onUnauthorized: () => undefined });
  expect((await newsDetail(reader, { id: old.id })).id).toBe(old.id);

  const editor = await signIn(browser, operator);
  await editor.getByRole('navigation').getByRole('link', { name: 'News', exact: true }).click();
  const row = editor.getByRole('row').filter({ hasText: `Old notice ${stamp}` });
  await expect(
    editor
      .getByRole('row')
      .filter({ hasText: `Newer notice ${stamp}.` })
      .first(),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  const pages = editor.getByRole('navigation', { name: 'Pages' });
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages).toContainText('Page 2 of');
  await expect(row).toBeVisible();
  await expect(row).toContainText('published');

  await row.getByRole('button', { name: `Take down #${old.id}` }).click();
  const question = row.getByRole('group', { name: `Take down #${old.id}` });
  await expect(question).toContainText(`Take down “Old notice ${stamp}”? Borrowers no longer see it.`);
  await expect(question).toBeFocused();
  await noViolations(editor);
  // Asked, not yet done: borrowers still read it.
  expect((await newsDetail(reader, { id: old.id })).id).toBe(old.id);
  await question.getByRole('button', { name: `Yes, take down #${old.id}` }).click();
  await expect(row).toContainText('taken down');
  await expect(row.getByRole('button', { name: `Publish #${old.id}` })).toBeVisible();
  await expect(newsDetail(reader, { id: old.id })).rejects.toThrow('news not found');
});
