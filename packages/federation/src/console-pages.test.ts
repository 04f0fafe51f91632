import { consolePublicationOf, readConsolePages, type ConsolePage } from './console-pages';

const news: ConsolePage = { path: '/news', module: './ConsoleNews', titles: { en: 'News', 'zh-CN': '资讯' }, permission: 'news' };

test('a remote exposes each operator screen from its src/console folder and publishes path, module, titles and permission', () => {
  expect(consolePublicationOf([news])).toEqual({ exposes: { './ConsoleNews': './src/console/ConsoleNews.tsx' }, published: [news] });
});

test('a malformed row of a team’s table fails its build instead of vanishing from the console', () => {
  expect(() => consolePublicationOf([{ ...news, permission: 'everything' as ConsolePage['permission'] }])).toThrow(/malformed/);
  expect(() => consolePublicationOf([{ ...news, module: 'ConsoleNews' }])).toThrow(/malformed/);
});

test('the host trusts only well-formed screens from a manifest', () => {
  expect(readConsolePages(undefined)).toEqual([]);
  expect(
    readConsolePages([
      news,
      { ...news, path: 'news' },
      { ...news, module: './../../evil' },
      { ...news, titles: { en: 'News' } },
      { ...news, permission: 'toString' },
      null,
    ]),
  ).toEqual([news]);
});
