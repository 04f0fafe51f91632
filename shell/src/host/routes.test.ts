import { PATHS } from '@instalment/contract/paths';
import { type PublishedPage, type RemoteName } from '@instalment/federation/pages';
import { RouteTable } from './routes';

const published: Partial<Record<RemoteName, PublishedPage[]>> = {};
jest.mock('@instalment/federation/loader', () => ({
  publishedPages: async (remote: RemoteName) => published[remote] ?? [],
}));

const archive: PublishedPage = { path: '/pages/news/archive', module: './Archive', titles: { en: 'news archive', 'zh-CN': '资讯归档' } };

test('a known route opens at once; one only a remote may publish waits for the manifests, then is found or is unknown', async () => {
  published.mf_news = [archive];
  const table = new RouteTable();
  expect(table.find(PATHS.newsList)).toMatchObject({ path: PATHS.newsList });
  expect(table.find(archive.path)).toBe('pending');
  expect(table.find('/pages/nowhere')).toBe('pending');
  await table.load(['mf_account', 'mf_loan', 'mf_payment', 'mf_news']);
  expect(table.find(archive.path)).toMatchObject({ titles: archive.titles, page: { remote: 'mf_news', module: './Archive' } });
  expect(table.find('/pages/nowhere')).toBeUndefined();
});

test("a remote's deployment decides its own rows: a new module or flag needs no shell release", async () => {
  published.mf_news = [{ path: PATHS.newsList, module: './NewsListV2', titles: { en: 'news', 'zh-CN': '资讯' }, needsLogin: true }];
  const table = new RouteTable();
  await table.load(['mf_news']);
  expect(table.find(PATHS.newsList)).toMatchObject({ page: { module: './NewsListV2' }, needsLogin: true, title: 'newsList' });
});
