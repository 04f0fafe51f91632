import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanChunks, mergeChunks, uploadChunk, uploadFile } from '@instalment/contract/api';
import { blob, PNG_BYTES, refusal, signUp, startServer, type TestClient, type TestServer } from '../helpers';
import { withFakes } from '../fakes';

let server: TestServer;
let user: TestClient;

/** A PDF of `size` bytes: the magic number, then noise. */
function pdf(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

const chunkid = () => `test-${randomBytes(8).toString('hex')}`;

/** What the storage holds, read behind the API: every key (`<yyyymmdd>/<name>`, `.chunks/…`). */
type StoredKeys = () => Promise<string[]>;

const folderKeys =
  (root: string): StoredKeys =>
  async () =>
    (await fs.promises.readdir(root, { recursive: true }))
      .filter((name) => fs.statSync(path.join(root, name)).isFile())
      .map((name) => name.split(path.sep).join('/'))
      .sort();

/** The behaviour that lives in the storage, on each adapter: the same answers, nothing left behind. */
describe.each(['local disk', 'S3'] as const)('stored on %s', (adapter) => {
  const loopback = adapter === 'S3' ? withFakes(['s3']) : null;
  let folder: string | null = null;
  let storedKeys: StoredKeys;
  beforeAll(async () => {
    if (loopback) {
      const { s3 } = loopback;
      const settings = await s3.bucket();
      server = await startServer({ storage: 's3', s3: settings });
      storedKeys = () => s3.keys(settings.bucket);
    } else {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-upload-test-'));
      server = await startServer({ uploadDir: folder });
      storedKeys = folderKeys(folder);
    }
    user = await signUp(server);
  });
  afterAll(async () => {
    await server.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });
  const chunksKept = async () => (await storedKeys()).filter((key) => key.startsWith('.chunks/'));

  test('a plain upload is stored under a random name and served safely', async () => {
    const stored = await uploadFile(user.http, blob(PNG_BYTES, 'image/png'), '../../etc/passwd.png');
    expect(stored.url).toMatch(/^\/uploads\/20260115\/[0-9a-f]{32}\.png$/);
    expect(stored.fullurl).toMatch(new RegExp(`^${server.baseURL}${stored.url}\\?expires=\\d+&signature=[\\w-]{43}$`));
    const response = await fetch(stored.fullurl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toMatch(/^inline/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG_BYTES);
    expect(await storedKeys()).toContain(stored.url.slice('/uploads/'.length));

    const document = await uploadFile(user.http, blob(pdf(2048), 'application/pdf'), 'statement.PDF');
    expect((await fetch(document.fullurl)).headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await fetch(`${server.baseURL}/uploads/20260115/../../package.json`)).status).toBe(404);
    expect((await fetch(`${server.baseURL}/uploads/20260115/${'0'.repeat(32)}.png`)).status).toBe(404);
  });

  test('a file sent in chunks is merged into the same bytes', async () => {
    const original = pdf(2 * 1024 * 1024 + 512 * 1024 + 17);
    const size = 1024 * 1024;
    const id = chunkid();
    const count = Math.ceil(original.length / size);
    expect(count).toBe(3);
    // Out of order, as parallel uploads arrive.
    for (const index of [2, 0, 1]) {
      const part = original.subarray(index * size, (index + 1) * size);
      const stored = await uploadChunk(
        user.http,
        { chunkid: id, chunkindex: index, chunkcount: count, filename: 'contract.pdf' },
        blob(part),
      );
      expect(stored).toEqual({ chunkid: id, chunkindex: index });
    }
    expect(await chunksKept()).toHaveLength(3);
    const merged = await mergeChunks(user.http, { chunkid: id, filename: 'contract.pdf', chunkcount: count });
    expect(merged.url).toMatch(/\.pdf$/);
    const served = Buffer.from(await (await fetch(merged.fullurl)).arrayBuffer());
    expect(served.equals(original)).toBe(true);
    // The chunks are gone once merged.
    expect(await chunksKept()).toEqual([]);
    expect((await refusal(mergeChunks(user.http, { chunkid: id, filename: 'contract.pdf', chunkcount: count }))).message).toBe(
      'No chunks were uploaded for this chunkid.',
    );
  });

  test('merge refuses missing chunks; clean removes what was sent', async () => {
    const id = chunkid();
    await uploadChunk(user.http, { chunkid: id, chunkindex: 0, chunkcount: 3, filename: 'a.pdf' }, blob(pdf(100)));
    await uploadChunk(user.http, { chunkid: id, chunkindex: 2, chunkcount: 3, filename: 'a.pdf' }, blob(pdf(100)));
    const missing = await refusal(mergeChunks(user.http, { chunkid: id, filename: 'a.pdf', chunkcount: 3 }));
    expect(missing).toMatchObject({
      code: 0,
      data: null,
      message: 'chunkindex 1 is missing (3 chunks expected); upload it before merging.',
    });
    expect(
      (await refusal(uploadChunk(user.http, { chunkid: id, chunkindex: 1, chunkcount: 4, filename: 'a.pdf' }, blob(pdf(10))))).message,
    ).toBe('chunkcount 4 does not match the 3 of the earlier chunks.');
    await cleanChunks(user.http, id);
    expect(await chunksKept()).toEqual([]);
    expect((await refusal(mergeChunks(user.http, { chunkid: id, filename: 'a.pdf', chunkcount: 3 }))).message).toBe(
      'No chunks were uploaded for this chunkid.',
    );
  });

  test("another user's chunks are out of reach", async () => {
    const other = await signUp(server);
    const id = chunkid();
    await uploadChunk(user.http, { chunkid: id, chunkindex: 0, chunkcount: 1, filename: 'a.pdf' }, blob(pdf(100)));
    expect((await refusal(mergeChunks(other.http, { chunkid: id, filename: 'a.pdf', chunkcount: 1 }))).message).toBe(
      'No chunks were uploaded for this chunkid.',
    );
    await cleanChunks(other.http, id);
    expect(await chunksKept()).toHaveLength(1);
    expect((await mergeChunks(user.http, { chunkid: id, filename: 'a.pdf', chunkcount: 1 })).url).toMatch(/\.pdf$/);
    // Every request the API sent the bucket carried a good signature.
    expect(loopback?.s3.forged ?? 0).toBe(0);
  });
});

describe('refusals', () => {
  beforeAll(async () => {
    server = await startServer();
    user = await signUp(server);
  });
  afterAll(() => server.close());

  const html = Buffer.from('<!doctype html><script>alert(1)</script>');
  const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(200)]);

  test.each([
    ['an HTML page renamed .png', html, 'photo.png', 'Only JPG, PNG, WebP and PDF files are accepted.'],
    ['a program renamed .png', exe, 'photo.png', 'Only JPG, PNG, WebP and PDF files are accepted.'],
    ['a PNG named .exe', PNG_BYTES, 'setup.exe', 'Only JPG, PNG, WebP and PDF files are accepted.'],
    ['a PNG named .pdf', PNG_BYTES, 'scan.pdf', "The file's content does not match its name."],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'The file is empty.'],
    ['a file over 10 MB', pdf(10 * 1024 * 1024 + 1), 'big.pdf', 'The file is larger than 10 MB.'],
  ])('%s', async (_name, bytes, filename, message) => {
    const error = await refusal(uploadFile(user.http, blob(bytes), filename));
    expect(error).toMatchObject({ code: 0, message, data: null });
  });

  test('a disguised file sent in chunks is refused at merge', async () => {
    const id = chunkid();
    await uploadChunk(user.http, { chunkid: id, chunkindex: 0, chunkcount: 2, filename: 'photo.png' }, blob(html));
    await uploadChunk(user.http, { chunkid: id, chunkindex: 1, chunkcount: 2, filename: 'photo.png' }, blob(PNG_BYTES));
    expect((await refusal(mergeChunks(user.http, { chunkid: id, filename: 'photo.png', chunkcount: 2 }))).message).toBe(
      'Only JPG, PNG, WebP and PDF files are accepted.',
    );
  });

  test.each([
    [{ chunkid: 'short', chunkindex: 0, chunkcount: 2, filename: 'a.png' }, 'chunkid must be 8 to 64 letters, digits or hyphens.'],
    [{ chunkid: '../../../etc', chunkindex: 0, chunkcount: 2, filename: 'a.png' }, 'chunkid must be 8 to 64 letters, digits or hyphens.'],
    [{ chunkid: 'chunk-0001', chunkindex: 2, chunkcount: 2, filename: 'a.png' }, 'chunkindex must be a whole number from 0 to 1.'],
    [{ chunkid: 'chunk-0001', chunkindex: -1, chunkcount: 2, filename: 'a.png' }, 'chunkindex must be a whole number from 0 to 1.'],
    [{ chunkid: 'chunk-0001', chunkindex: 0, chunkcount: 201, filename: 'a.png' }, 'chunkcount must be a whole number from 1 to 200.'],
    [{ chunkid: 'chunk-0001', chunkindex: 0, chunkcount: 2, filename: 'a.html' }, 'Only JPG, PNG, WebP and PDF files are accepted.'],
  ])('chunk %j', async (fields, message) => {
    expect((await refusal(uploadChunk(user.http, fields, blob(PNG_BYTES)))).message).toBe(message);
  });

  test('chunks over 2 MB, or adding up to over 10 MB, are refused', async () => {
    const big = await refusal(
      uploadChunk(user.http, { chunkid: chunkid(), chunkindex: 0, chunkcount: 2, filename: 'a.pdf' }, blob(pdf(2 * 1024 * 1024 + 1))),
    );
    expect(big.message).toBe('A chunk may be at most 2 MB.');
    const id = chunkid();
    const part = pdf(2 * 1024 * 1024);
    for (let index = 0; index < 5; index += 1) {
      await uploadChunk(user.http, { chunkid: id, chunkindex: index, chunkcount: 6, filename: 'a.pdf' }, blob(part));
    }
    expect(
      (await refusal(uploadChunk(user.http, { chunkid: id, chunkindex: 5, chunkcount: 6, filename: 'a.pdf' }, blob(pdf(1))))).message,
    ).toBe('The file is larger than 10 MB.');
    await cleanChunks(user.http, id);
  });

  test('no file, no form, no token', async () => {
    const form = new FormData();
    form.append('note', 'nothing attached');
    expect((await refusal(user.http.upload('/api/common/upload', form))).message).toBe('Choose a file to upload.');
    const json = await fetch(`${server.baseURL}/api/common/upload`, {
      method: 'POST',
      headers: { token: user.token!, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await json.json()).toMatchObject({ code: 0, msg: 'Send the file as multipart/form-data in the field "file".', data: null });
    expect((await refusal(uploadFile(server.client().http, blob(PNG_BYTES), 'a.png'))).code).toBe(401);
  });
});
