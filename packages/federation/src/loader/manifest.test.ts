import { entryOf, exposeFiles, type Manifest } from './manifest';

const manifest: Manifest = {
  metaData: { globalName: 'mf_news', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.e4bd.js', path: '', type: 'global' } },
  exposes: [
    {
      name: 'NewsList',
      path: './NewsList',
      assets: {
        js: { sync: ['358.a1.js', '__federation_expose_NewsList.b2.js'], async: ['264.c3.js'] },
        css: { sync: ['__federation_expose_NewsList.d4.css'], async: ['__federation_expose_NewsDetail.e5.css'] },
      },
    },
  ],
  shared: [{ assets: { js: { sync: ['358.a1.js'] }, css: { sync: [] } } }],
};
const URL_OF = 'https://news.example.com/releases/1.4.0/mf-manifest.json?v=3';

test('the entry is beside the manifest when its public path is auto, under it otherwise', () => {
  expect(entryOf(URL_OF, manifest, 'mf_news')).toEqual({
    url: 'https://news.example.com/releases/1.4.0/remoteEntry.e4bd.js',
    type: 'global',
    globalName: 'mf_news',
  });
  const elsewhere = {
    ...manifest,
    metaData: {
      ...manifest.metaData,
      publicPath: 'https://cdn.example.com/news/',
      remoteEntry: { name: 'remoteEntry.e4bd.js', path: 'entry' },
    },
  };
  expect(entryOf(URL_OF, elsewhere, 'mf_news')?.url).toBe('https://cdn.example.com/news/entry/remoteEntry.e4bd.js');
  expect(entryOf(URL_OF, { metaData: {} }, 'mf_news')).toBeNull();
});

test("a page's files are those it runs with, never a shared module's own, and all of them only when asked", () => {
  expect(exposeFiles(URL_OF, manifest, 'NewsList')).toEqual({
    js: ['https://news.example.com/releases/1.4.0/__federation_expose_NewsList.b2.js'],
    css: ['https://news.example.com/releases/1.4.0/__federation_expose_NewsList.d4.css'],
  });
  expect(exposeFiles(URL_OF, manifest, './NewsList', 'all').js).toEqual([
    'https://news.example.com/releases/1.4.0/__federation_expose_NewsList.b2.js',
    'https://news.example.com/releases/1.4.0/264.c3.js',
  ]);
  expect(exposeFiles(URL_OF, manifest, 'NewsDetail')).toEqual({ js: [], css: [] });
});
