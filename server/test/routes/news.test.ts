import { newsDetail, newsIndex, newsLatest } from '@instalment/contract/api';
import { refusal, startServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

test('news pages newest first, three pages of ten', async () => {
  const client = server.client();
  const pages = await Promise.all([1, 2, 3, 4].map((page) => newsIndex(client.http, { page })));
  expect(pages.map((page) => page.list.length)).toEqual([10, 10, 7, 0]);
  expect(pages[0]).toMatchObject({ total: 27, page: 1, limit: 10 });
  const all = pages.flatMap((page) => page.list);
  expect(new Set(all.map((item) => item.id)).size).toBe(27);
  const times = all.map((item) => Date.parse(item.published_at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(all[0].cover).toMatch(new RegExp(`^${server.baseURL}/static/news/[a-z]+\\.svg$`));
  expect((await newsIndex(client.http, { page: 2, limit: 5 })).list.map((item) => item.id)).toEqual(
    all.slice(5, 10).map((item) => item.id),
  );
});

test('latest defaults to 5 and allows up to 20', async () => {
  const client = server.client();
  const latest = await newsLatest(client.http);
  expect(latest).toHaveLength(5);
  expect(latest).toEqual((await newsIndex(client.http, { limit: 5 })).list);
  expect(await newsLatest(client.http, { limit: 20 })).toHaveLength(20);
  expect((await refusal(newsLatest(client.http, { limit: 21 }))).message).toBe('limit must be a whole number from 1 to 20.');
});

test('an article has HTML content with headings, images and links on this server', async () => {
  const client = server.client();
  const [first] = await newsLatest(client.http, { limit: 1 });
  const article = await newsDetail(client.http, { id: first.id });
  expect(article).toMatchObject({ id: first.id, title: first.title, author: 'Security Team' });
  expect(article.content).toContain('<h2>');
  expect(article.content).toContain('<p>');
  expect(article.content).toMatch(/<a href="https:\/\//);
  const image = /<img src="([^"]+)"/.exec(article.content)![1];
  expect(image.startsWith(`${server.baseURL}/static/news/`)).toBe(true);
  const svg = await fetch(image);
  expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  expect(await svg.text()).toMatch(/^<svg /);
  expect((await refusal(newsDetail(client.http, { id: 9999 }))).message).toBe('news not found');
  expect((await refusal(newsDetail(client.http, { id: 'abc' }))).message).toBe('id must be a whole number from 1 to 1000000000.');
});

test('an article dated ahead appears in the list when its time comes, though the list was answered before', async () => {
  const own = await startServer();
  try {
    const client = own.client();
    const titles = async () => (await newsIndex(client.http, { page: 1, limit: 5 })).list.map((item) => item.title);
    const before = await titles();
    await own.app.store.q
      .insertInto('news')
      .values({
        title_en: 'Coming soon',
        summary_en: 'S',
        cover: '',
        author: 'A',
        content_en: '<p>C</p>',
        published_at: own.clock.now + 60_000,
      })
      .execute();
    expect(await titles()).toEqual(before);
    own.clock.advance(60_000);
    expect((await titles())[0]).toBe('Coming soon');
  } finally {
    await own.close();
  }
});
