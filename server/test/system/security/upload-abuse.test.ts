import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINTS, mergeChunks, TOKEN_HEADER, uploadChunk, uploadFile } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { blob, PNG_BYTES, refusal, signUp, startServer, type TestClient, type TestServer } from '../../helpers';

const MB = 1024 * 1024;

function pdf(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

const chunkid = () => `sec-${randomBytes(8).toString('hex')}`;

/** Every byte waiting in a user's chunk folders on disk. */
function chunkBytes(uploadDir: string): number {
  const root = path.join(uploadDir, '.chunks');
  let total = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else total += fs.statSync(full).size;
    }
  };
  walk(root);
  return total;
}

/** Whether a call went through (true) or was refused (false); anything else fails the test. */
const settled = (call: Promise<unknown>) =>
  call.then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiError) return false;
      throw error;
    },
  );

let uploadDir: string;
let server: TestServer;
beforeEach(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-abuse-'));
  server = await startServer({ uploadDir });
});
afterEach(async () => {
  await server.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

test('30 chunk sessions: 5 are opened, the rest refused', async () => {
  const user = await signUp(server);
  const answers = await Promise.all(
    Array.from({ length: 30 }, () =>
      settled(uploadChunk(user.http, { chunkid: chunkid(), chunkindex: 0, chunkcount: 2, filename: 'a.pdf' }, blob(pdf(2 * MB)))),
    ),
  );
  expect(answers.filter(Boolean)).toHaveLength(5);
  expect(chunkBytes(uploadDir)).toBe(10 * MB);
  const refused = await refusal(
    uploadChunk(user.http, { chunkid: chunkid(), chunkindex: 0, chunkcount: 2, filename: 'a.pdf' }, blob(pdf(100))),
  );
  expect(refused.message).toBe('You have 5 uploads in progress. Finish or cancel one first.');
});

test('15 simultaneous 2 MB chunks on one chunk id store at most the 10 MB a file may have', async () => {
  const user = await signUp(server);
  const id = chunkid();
  const answers = await Promise.all(
    Array.from({ length: 15 }, (_unused, index) =>
      settled(uploadChunk(user.http, { chunkid: id, chunkindex: index, chunkcount: 15, filename: 'big.pdf' }, blob(pdf(2 * MB)))),
    ),
  );
  expect(answers.filter(Boolean)).toHaveLength(5);
  expect(chunkBytes(uploadDir)).toBeLessThanOrEqual(10 * MB);
});

test('parallel copies of one chunk leave exactly one of them, the one the merge stores', async () => {
  const user = await signUp(server);
  const id = chunkid();
  const copies = Array.from({ length: 8 }, (_unused, index) => pdf(1024 * (index + 1)));
  await Promise.all(
    copies.map((copy) => uploadChunk(user.http, { chunkid: id, chunkindex: 0, chunkcount: 1, filename: 'a.pdf' }, blob(copy))),
  );
  expect(copies.map((copy) => copy.length)).toContain(chunkBytes(uploadDir));
  const merged = await mergeChunks(user.http, { chunkid: id, filename: 'a.pdf', chunkcount: 1 });
  const served = Buffer.from(await (await fetch(merged.fullurl)).arrayBuffer());
  expect(copies.some((copy) => copy.equals(served))).toBe(true);
});

test('50 MB a day per user', async () => {
  const user = await signUp(server);
  for (let i = 0; i < 5; i += 1) await uploadFile(user.http, blob(pdf(10 * MB - 1024), 'application/pdf'), 'statement.pdf');
  const refused = await refusal(uploadFile(user.http, blob(pdf(8 * 1024), 'application/pdf'), 'statement.pdf'));
  expect(refused.message).toBe('You can upload at most 50 MB a day. Try again tomorrow.');
  // Another user has a quota of their own; the next day this one has theirs back.
  await uploadFile((await signUp(server)).http, blob(PNG_BYTES, 'image/png'), 'a.png');
  server.clock.advance(24 * 3600 * 1000);
  await uploadFile(user.http, blob(PNG_BYTES, 'image/png'), 'a.png');
}, 30_000);

test('stale chunks are swept while the server runs, not only at start', async () => {
  await server.close();
  server = await startServer({ uploadDir, limits: { chunkSweepSeconds: 1, staleChunkSeconds: 60 } });
  const user = await signUp(server);
  const id = chunkid();
  await uploadChunk(user.http, { chunkid: id, chunkindex: 0, chunkcount: 2, filename: 'a.pdf' }, blob(pdf(1024)));
  server.clock.advance(61_000);
  // Its folder is past the sweep's grace minute too.
  const folder = path.join(uploadDir, '.chunks', String(await userIdOf(server, user)), id);
  fs.utimesSync(folder, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
  // The sweep runs every second: wait for it (a few rounds at most on a loaded machine).
  for (let round = 0; round < 50 && fs.existsSync(folder); round += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(fs.existsSync(folder)).toBe(false);
  expect((await refusal(mergeChunks(user.http, { chunkid: id, filename: 'a.pdf', chunkcount: 2 }))).message).toBe(
    'No chunks were uploaded for this chunkid.',
  );
});

describe('proof files are their owner’s alone', () => {
  let owner: TestClient;
  let stored: { url: string; fullurl: string };
  beforeEach(async () => {
    owner = await signUp(server);
    stored = await uploadFile(owner.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
  });

  test('the bare URL answers 404 to anyone, and to another user', async () => {
    const other = await signUp(server);
    expect((await fetch(`${server.baseURL}${stored.url}`)).status).toBe(404);
    expect((await fetch(`${server.baseURL}${stored.url}`, { headers: { [TOKEN_HEADER]: other.token! } })).status).toBe(404);
  });

  test('the owner reads it with the token, or through the signed link the upload answered', async () => {
    expect((await fetch(`${server.baseURL}${stored.url}`, { headers: { [TOKEN_HEADER]: owner.token! } })).status).toBe(200);
    const signed = await fetch(stored.fullurl);
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer())).toEqual(PNG_BYTES);
  });

  test('a signed link does not open another file, cannot be altered, and expires', async () => {
    const other = await uploadFile(owner.http, blob(PNG_BYTES, 'image/png'), 'second.png');
    const query = stored.fullurl.slice(stored.fullurl.indexOf('?'));
    expect((await fetch(`${server.baseURL}${other.url}${query}`)).status).toBe(404);
    expect((await fetch(stored.fullurl.replace(/expires=(\d+)/, (_match, at: string) => `expires=${Number(at) + 3600}`))).status).toBe(404);
    server.clock.advance(2 * 3600 * 1000 + 1000);
    expect((await fetch(stored.fullurl)).status).toBe(404);
  });
});

async function userIdOf(server: TestServer, user: TestClient): Promise<number> {
  const answer = await fetch(`${server.baseURL}${ENDPOINTS.userIndex}`, { headers: { [TOKEN_HEADER]: user.token! } });
  return ((await answer.json()) as { data: { id: number } }).data.id;
}
