import { titleMessages } from '@instalment/contract/i18n';
import { PAGES, ROUTES } from './pages';
import { publishedPagesOf, readPublishedPages, routeOf, type ExtraPage } from './published';

const archive: ExtraPage = {
  path: '/pages/news/archive',
  module: './Archive',
  titles: { en: 'news archive', 'zh-CN': '资讯归档' },
  pullDownRefresh: true,
};

test('a remote publishes every SPEC §2 row it draws, titled in both languages, and the pages it adds', () => {
  const published = publishedPagesOf('mf_news', [archive]);
  const rows = ROUTES.filter((route) => route.page !== 'home' && route.page.remote === 'mf_news');
  expect(published.map((page) => page.path)).toEqual([...rows.map((route) => route.path), archive.path]);
  expect(published.find((page) => page.path === PAGES.newsList.path)).toEqual({
    path: PAGES.newsList.path,
    module: './NewsList',
    titles: { en: titleMessages.en.newsList, 'zh-CN': titleMessages['zh-CN'].newsList },
    pullDownRefresh: true,
    opensWith: PAGES.newsList.opensWith,
  });
});

test('a remote cannot add a page at a path SPEC §2 already gives, nor at home', () => {
  expect(() => publishedPagesOf('mf_news', [{ ...archive, path: PAGES.myLoans.path }])).toThrow(/already gives a page/);
  expect(() => publishedPagesOf('mf_news', [{ ...archive, path: '/' }])).toThrow(/already gives a page/);
});

test('what a manifest publishes is read defensively: malformed entries are left out', () => {
  expect(readPublishedPages(undefined)).toEqual([]);
  expect(readPublishedPages({ path: '/x' })).toEqual([]);
  const good = publishedPagesOf('mf_news', [archive]);
  const bad = [
    { path: 'no-slash', module: './X', titles: archive.titles },
    { ...archive, module: 'X' },
    { ...archive, titles: { en: 'only English' } },
    { ...archive, opensWith: [{ endpoint: '//elsewhere.test/api/x' }] },
    { ...archive, opensWith: [{ endpoint: '/api/x', params: { page: { nested: 1 } } }] },
    { ...archive, opensWith: [{ endpoint: '/api/x', fromQuery: 'id' }] },
    { ...archive, opensWith: { endpoint: '/api/x' } },
    { ...archive, opensWith: [{ endpoint: '/api/x', firstImage: 'cover' }] },
    { ...archive, opensWith: [{ endpoint: '/api/x', firstImage: { list: 'list', field: 3 } }] },
  ];
  expect(readPublishedPages([...good, ...bad])).toEqual(good);
});

test("a page's opening calls travel with it: the remote that draws the page decides what it opens with", () => {
  const published = readPublishedPages(publishedPagesOf('mf_payment'));
  const repayments = published.find((page) => page.path === PAGES.repayments.path)!;
  expect(routeOf('mf_payment', repayments).opensWith).toEqual(PAGES.repayments.opensWith);
  const calls = [{ endpoint: '/api/archive/index', params: { page: 1 }, firstImage: { list: 'list', field: 'cover' } }];
  expect(routeOf('mf_news', readPublishedPages([{ ...archive, opensWith: calls }])[0]).opensWith).toEqual(calls);
});

test('a remote may not give its page a tab or the home title: the shell keeps its own rows', () => {
  const claimed = routeOf('mf_news', { ...archive, path: PAGES.profile.path, tab: 'mine' });
  expect(claimed.tab).toBe('mine');
  expect(routeOf('mf_news', { ...archive, tab: 'home' }).tab).toBeUndefined();
  expect(routeOf('mf_news', archive)).toMatchObject({
    path: archive.path,
    page: { remote: 'mf_news', module: './Archive' },
    pullDownRefresh: true,
  });
});
