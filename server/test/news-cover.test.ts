import { ADMIN_ENDPOINTS, newsDetail, uploadFile } from '@instalment/contract/api';
import { loadConfig } from '../src/config';
import { ILLUSTRATION_NAMES, illustrationPath } from '../src/static/images';
import { blob, PNG_BYTES, signUp, startServer, type TestServer } from './helpers';
import { operatorsOf, type LoggedInOperator } from './operators';
import { request } from './security/traffic';

/**
 * A news cover (issue 36): a path is joined to this server's URL, so `@evil.example/x.png`
 * reached borrowers as `http://host@evil.example/x.png`. A cover is now an image served here
 * or an https image on an allowed host (NEWS_IMAGE_HOSTS), and nothing else.
 */
const ALLOWED_HOST = 'img.example.com';

let server: TestServer;
let editor: LoggedInOperator;
const { loggedIn } = operatorsOf(() => server);
beforeAll(async () => {
  server = await startServer({ newsImageHosts: [ALLOWED_HOST] });
  editor = await loggedIn(['editor']);
});
afterAll(() => server.close());

const draft = (cover: string, language = 'en') =>
  request(
    server.baseURL,
    'POST',
    ADMIN_ENDPOINTS.news,
    { title: 'Cover', summary: 'S', content: '<p>C</p>', author: 'A', cover },
    { authorization: `Bearer ${editor.token}`, 'accept-language': language },
  );

/** The cover a borrower is shown once the article is published. */
async function publishedCover(cover: string): Promise<string> {
  const drafted = await draft(cover);
  expect(drafted.body.msg).toBe('ok');
  const { id } = drafted.body.data as { id: number };
  await editor.call('POST', ADMIN_ENDPOINTS.publishNews.replace(':id', String(id)));
  return (await newsDetail(server.client().http, { id })).cover;
}

test.each([
  '@evil.example/x.png',
  '//evil.example/x.png',
  'http://img.example.com/x.png',
  `https://${ALLOWED_HOST}@evil.example/x.png`,
  `https://${ALLOWED_HOST}.evil.example/x.png`,
  `https://user:pass@${ALLOWED_HOST}/x.png`,
  `https://${ALLOWED_HOST}:8443/x.png`,
  'javascript:alert(1)',
  '/uploads/20260115/../../x.png',
  '/uploads/20260115/0123456789abcdef0123456789abcdef.pdf',
])('the cover %p is refused, in the editor’s language', async (cover) => {
  expect((await draft(cover)).body).toMatchObject({
    code: 0,
    msg: `The cover must be an image uploaded to this server, or an https address on ${ALLOWED_HOST}.`,
  });
  expect((await draft(cover, 'zh-CN')).body.msg).toBe(`封面须为上传到本站的图片，或 ${ALLOWED_HOST} 上的 https 地址。`);
});

test('an uploaded image is a cover, shown on this server', async () => {
  const borrower = await signUp(server);
  const { url } = await uploadFile(borrower.http, blob(PNG_BYTES, 'image/png'), 'cover.png');
  expect(await publishedCover(url)).toBe(`${server.baseURL}${url}`);
});

test('an illustration of this server is a cover', async () => {
  const path = illustrationPath(ILLUSTRATION_NAMES[0]);
  expect(await publishedCover(path)).toBe(`${server.baseURL}${path}`);
});

test('an https image on an allowed host is a cover, shown as it is', async () => {
  const cover = `https://${ALLOWED_HOST}/news/rates.png`;
  expect(await publishedCover(cover)).toBe(cover);
});

test('with no host allowed, only an image served here is a cover', async () => {
  const strict = await startServer();
  try {
    const { loggedIn: strictOperator } = operatorsOf(() => strict);
    const strictEditor = await strictOperator(['editor']);
    const answer = await strictEditor.call('POST', ADMIN_ENDPOINTS.news, {
      title: 'T',
      summary: 'S',
      content: 'C',
      author: 'A',
      cover: `https://${ALLOWED_HOST}/x.png`,
    });
    expect(answer.body.msg).toBe('The cover must be an image uploaded to this server.');
  } finally {
    await strict.close();
  }
});

test('NEWS_IMAGE_HOSTS lists host names; anything else stops the start', () => {
  expect(loadConfig({ NEWS_IMAGE_HOSTS: `IMG.example.com, cdn.example.com` }).newsImageHosts).toEqual([ALLOWED_HOST, 'cdn.example.com']);
  expect(loadConfig({}).newsImageHosts).toEqual([]);
  expect(() => loadConfig({ NEWS_IMAGE_HOSTS: 'https://img.example.com' })).toThrow('NEWS_IMAGE_HOSTS lists "https://img.example.com"');
});
