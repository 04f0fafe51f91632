import { opsPublicationOf, readOpsPages, type OpsPage } from './ops-pages';

const news: OpsPage = { path: '/news', module: './OpsNews', titles: { en: 'News', 'zh-CN': '资讯' }, permission: 'news' };

test('a remote exposes each operator screen from its src/ops folder and publishes path, module, titles and permission', () => {
  expect(opsPublicationOf([news])).toEqual({ exposes: { './OpsNews': './src/ops/OpsNews.tsx' }, published: [news] });
});

test('a malformed row of a team’s table fails its build instead of vanishing from the console', () => {
  expect(() => opsPublicationOf([{ ...news, permission: 'everything' as OpsPage['permission'] }])).toThrow(/malformed/);
  expect(() => opsPublicationOf([{ ...news, module: 'OpsNews' }])).toThrow(/malformed/);
});

test('the host trusts only well-formed screens from a manifest', () => {
  expect(readOpsPages(undefined)).toEqual([]);
  expect(
    readOpsPages([
      news,
      { ...news, path: 'news' },
      { ...news, module: './../../evil' },
      { ...news, titles: { en: 'News' } },
      { ...news, permission: 'toString' },
      null,
    ]),
  ).toEqual([news]);
});
