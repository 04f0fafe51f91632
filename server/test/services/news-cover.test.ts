import { ADMIN_ENDPOINTS, newsDetail, uploadFile } from '@instalment/contract/api';
import { loadConfig } from '../../src/settings/config';
import { ILLUSTRATION_NAMES, illustrationPath } from '../../src/static/images';
import { blob, PNG_BYTES, signUp, startServer, type TestServer } from '../helpers';
import { operatorsOf, type LoggedInOperator } from '../operators';
import { request } from '../system/security/traffic';

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
    { en: { title: 'Cover', summary: 'S', content: '<p>C</p>' }, author: 'A', cover },
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
      en: { title: 'T', summary: 'S', content: 'C' },
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

/** The editor's cover upload in the console: its path for the draft, a signed link to preview it. */
async function uploadCover(bytes: Buffer, filename: string, language = 'en') {
  const form = new FormData();
  form.append('file', blob(bytes, 'image/png'), filename);
  const response = await fetch(`${server.baseURL}${ADMIN_ENDPOINTS.newsCover}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${editor.token}`, 'accept-language': language },
    body: form,
  });
  return (await response.json()) as { code: number; msg: string; data: { url: string; fullurl: string } | null };
}

/** What a reader's app gets for the cover: the status, with a borrower's token or none. */
const coverStatus = async (url: string, token?: string) =>
  (await fetch(`${server.baseURL}${url}`, { headers: token ? { token } : {} })).status;

test('the editor uploads a cover in the console: a draft’s cover is previewed by its signed link and hidden from readers; published, every reader loads it; taken down, it is hidden again', async () => {
  const uploaded = await uploadCover(PNG_BYTES, 'cover.png');
  expect(uploaded).toMatchObject({ code: 1, data: { url: expect.stringMatching(/^\/uploads\/\d{8}\/[0-9a-f]{32}\.png$/) } });
  const { url, fullurl } = uploaded.data!;
  const preview = await fetch(fullurl);
  expect([preview.status, Buffer.from(await preview.arrayBuffer()).equals(PNG_BYTES)]).toEqual([200, true]);

  const reader = await signUp(server);
  const drafted = await draft(url);
  const { id } = drafted.body.data as { id: number };
  expect([await coverStatus(url, reader.token!), await coverStatus(url)]).toEqual([404, 404]);

  await editor.call('POST', ADMIN_ENDPOINTS.publishNews.replace(':id', String(id)));
  const cover = (await newsDetail(server.client().http, { id })).cover;
  expect(cover).toBe(`${server.baseURL}${url}`);
  expect([await coverStatus(url, reader.token!), await coverStatus(url)]).toEqual([200, 200]);
  const image = await fetch(cover);
  expect([image.headers.get('content-type'), Buffer.from(await image.arrayBuffer()).equals(PNG_BYTES)]).toEqual(['image/png', true]);

  await editor.call('POST', ADMIN_ENDPOINTS.unpublishNews.replace(':id', String(id)));
  expect([await coverStatus(url, reader.token!), await coverStatus(url)]).toEqual([404, 404]);
});

test('a published article’s cover a borrower uploaded is loaded by every other borrower', async () => {
  const uploader = await signUp(server);
  const { url } = await uploadFile(uploader.http, blob(PNG_BYTES, 'image/png'), 'cover.png');
  const other = await signUp(server);
  expect(await coverStatus(url, other.token!)).toBe(404);
  await publishedCover(url);
  expect(await coverStatus(url, other.token!)).toBe(200);
});

test('a cover is a picture: a PDF or an empty file is refused, in the editor’s language, and a borrower cannot upload one', async () => {
  const pdf = Buffer.from('%PDF-1.4\n%\n');
  expect(await uploadCover(pdf, 'cover.pdf')).toMatchObject({ code: 0, msg: 'A cover is a JPG, PNG or WebP picture.' });
  expect((await uploadCover(pdf, 'cover.pdf', 'zh-CN')).msg).toBe('封面须为 JPG、PNG 或 WebP 图片。');
  expect((await uploadCover(Buffer.alloc(0), 'cover.png')).msg).toBe('The file is empty.');
  const borrower = await signUp(server);
  const form = new FormData();
  form.append('file', blob(PNG_BYTES, 'image/png'), 'cover.png');
  const answer = await fetch(`${server.baseURL}${ADMIN_ENDPOINTS.newsCover}`, {
    method: 'POST',
    headers: { token: borrower.token! },
    body: form,
  });
  expect(answer.status).toBe(401);
});
