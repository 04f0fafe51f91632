import { ADMIN_ENDPOINTS, newsDetail, newsIndex, newsLatest, type NewsDraft, type ConsoleArticle } from '@instalment/contract/api';
import { clientOf, startServer, type TestServer } from '../helpers';
import { operatorsOf, type LoggedInOperator } from '../operators';
import { request } from '../system/security/traffic';

/**
 * Issue 50: an article's title, summary and body in Chinese and English. The app reads in either;
 * each reader is shown their own language, and the other where an article is not written in it.
 */
let server: TestServer;
let editor: LoggedInOperator;
const { loggedIn } = operatorsOf(() => server);
beforeAll(async () => {
  server = await startServer();
  editor = await loggedIn(['editor']);
});
afterAll(() => server.close());

const HAN = /\p{Script=Han}/u;
const chinese = () => clientOf(server.baseURL, 'zh-CN');
const english = () => clientOf(server.baseURL, 'en');

const CHINESE = { title: '节假日服务时间', summary: '客服热线缩短服务时间。', content: '<p>在线还款照常开放。</p>' };
const ENGLISH = {
  title: 'Holiday service hours',
  summary: 'The phone line keeps shorter hours.',
  content: '<p>Online repayment stays open.</p>',
};

/** Drafts and publishes an article; its id. */
async function published(draft: Omit<NewsDraft, 'author'>): Promise<number> {
  const drafted = await editor.call('POST', ADMIN_ENDPOINTS.news, { ...draft, author: 'Service desk' });
  expect(drafted.body.msg).toBe('ok');
  const { id } = drafted.body.data as { id: number };
  await editor.call('POST', ADMIN_ENDPOINTS.publishNews.replace(':id', String(id)));
  return id;
}

test('the seeded news reads in Chinese to a Chinese reader and in English to an English one', async () => {
  const own = await startServer();
  try {
    const [zh, en] = await Promise.all([
      newsIndex(clientOf(own.baseURL, 'zh-CN').http, { limit: 50 }),
      newsIndex(clientOf(own.baseURL, 'en').http, { limit: 50 }),
    ]);
    expect(zh.total).toBe(27);
    expect(zh.list.every((item) => item.language === 'zh-CN' && HAN.test(item.title) && HAN.test(item.summary))).toBe(true);
    expect(en.list.every((item) => item.language === 'en' && !HAN.test(item.title) && !HAN.test(item.summary))).toBe(true);
    expect(zh.list.map((item) => item.id)).toEqual(en.list.map((item) => item.id));
    const [first] = zh.list;
    const article = await newsDetail(clientOf(own.baseURL, 'zh-CN').http, { id: first.id });
    expect(article).toMatchObject({ title: first.title, language: 'zh-CN' });
    expect(article.content).toMatch(/<h2>[^<]*\p{Script=Han}/u);
    expect(article.content).toContain(`src="${own.baseURL}/static/news/`);
  } finally {
    await own.close();
  }
});

test('an article in both languages is shown in each reader’s, in the list, the latest and the article', async () => {
  const id = await published({ 'zh-CN': CHINESE, en: ENGLISH });
  const [zhLatest] = await newsLatest(chinese().http, { limit: 1 });
  const [enLatest] = await newsLatest(english().http, { limit: 1 });
  expect([zhLatest, enLatest]).toMatchObject([
    { id, title: CHINESE.title, summary: CHINESE.summary, language: 'zh-CN' },
    { id, title: ENGLISH.title, summary: ENGLISH.summary, language: 'en' },
  ]);
  expect(await newsDetail(chinese().http, { id })).toMatchObject({ title: CHINESE.title, content: CHINESE.content, language: 'zh-CN' });
  expect(await newsDetail(english().http, { id })).toMatchObject({ title: ENGLISH.title, content: ENGLISH.content, language: 'en' });
});

test('an article in one language only is shown in it to readers of the other, saying which it is', async () => {
  const englishOnly = await published({ en: ENGLISH });
  const chineseOnly = await published({ 'zh-CN': CHINESE, en: { title: ' ', summary: '', content: '' } });
  const zhList = (await newsIndex(chinese().http, { limit: 2 })).list;
  const enList = (await newsIndex(english().http, { limit: 2 })).list;
  expect(zhList.map(({ id, title, language }) => ({ id, title, language }))).toEqual([
    { id: chineseOnly, title: CHINESE.title, language: 'zh-CN' },
    { id: englishOnly, title: ENGLISH.title, language: 'en' },
  ]);
  expect(enList.map(({ id, title, language }) => ({ id, title, language }))).toEqual([
    { id: chineseOnly, title: CHINESE.title, language: 'zh-CN' },
    { id: englishOnly, title: ENGLISH.title, language: 'en' },
  ]);
  expect(await newsDetail(chinese().http, { id: englishOnly })).toMatchObject({ content: ENGLISH.content, language: 'en' });
});

test('a draft needs one language at least, each written whole, and an author; the refusal is in the editor’s language', async () => {
  const refused = async (draft: unknown, language = 'en') =>
    (
      await request(server.baseURL, 'POST', ADMIN_ENDPOINTS.news, draft, {
        authorization: `Bearer ${editor.token}`,
        'accept-language': language,
      })
    ).body.msg;
  const message = 'An article needs an author, and a title, a summary and a text in Chinese, English or both.';
  expect(await refused({ author: 'A' })).toBe(message);
  expect(await refused({ en: { title: ' ', summary: '', content: '' }, author: 'A' })).toBe(message);
  expect(await refused({ 'zh-CN': CHINESE, en: { ...ENGLISH, content: '' }, author: 'A' })).toBe(message);
  expect(await refused({ 'zh-CN': CHINESE, author: ' ' })).toBe(message);
  expect(await refused({ author: 'A' }, 'zh-CN')).toBe('文章需要作者，以及中文、英文或两者的标题、摘要和正文。');
});

test('the editor’s list pages past 50 articles, each in the editor’s language with the languages it is written in', async () => {
  const own = await startServer();
  try {
    const { loggedIn: ownOperator } = operatorsOf(() => own);
    const ownEditor = await ownOperator(['editor']);
    const ids: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const answer = await ownEditor.call('POST', ADMIN_ENDPOINTS.news, { en: { ...ENGLISH, title: `Notice ${index}` }, author: 'Desk' });
      ids.push((answer.body.data as { id: number }).id);
    }
    const list = async (query: string, language: string) =>
      (
        await request(own.baseURL, 'GET', `${ADMIN_ENDPOINTS.newsList}?${query}`, undefined, {
          authorization: `Bearer ${ownEditor.token}`,
          'accept-language': language,
        })
      ).body.data as { list: ConsoleArticle[]; total: number };
    const second = await list('page=2&limit=50', 'zh-CN');
    expect(second.total).toBe(57);
    // Newest first: the second page holds the oldest seven, the seeded articles of both languages.
    expect(second.list).toHaveLength(7);
    expect(second.list.every((article) => HAN.test(article.title) && article.language === 'zh-CN')).toBe(true);
    expect(second.list.every((article) => article.languages.join() === 'en,zh-CN')).toBe(true);
    const [newest] = (await list('page=1&limit=50', 'zh-CN')).list;
    expect(newest).toMatchObject({ id: ids[ids.length - 1], title: 'Notice 29', language: 'en', languages: ['en'], status: 'draft' });
  } finally {
    await own.close();
  }
});
