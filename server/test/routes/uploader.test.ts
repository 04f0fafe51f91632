/** @jest-environment node */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { TEST_OPTIONS } from '../helpers';
import { CURRENT_AGREEMENT, DEV_ENDPOINTS, ENDPOINTS, register, sendSms, type SmsOutboxEntry } from '@instalment/contract/api';
import { ApiError, createHttpClient, type HttpClient } from '@instalment/host-sdk/http';
import { type UploadStage, uploadWithChunks } from '@instalment/ui/upload';

/**
 * The chunked uploader (@instalment/ui/upload) against the reference server, in process, with a
 * fault injector in front of its upload route: a hook that can answer a given upload request
 * with an error or with a proxy's HTML page, or cancel the upload once the server has stored
 * a chunk.
 */
type Fault = 'unavailable' | 'garbage' | 'cancel';

const KIB = 1024;
let app: FastifyInstance;
let uploadDir: string;
let http: HttpClient;
let token = '';
/** Form fields of each upload request the client sent, in order (the file part left out). */
let sent: Array<Record<string, string>> = [];
let uploadRequests = 0;
let faultFor: (requestNumber: number) => Fault | null = () => null;
let controller = new AbortController();
const cancelAfterStoring = new Set<string>();

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploader-test-'));
  app = buildApp({ ...TEST_OPTIONS, uploadDir });
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || request.url !== ENDPOINTS.upload) return;
    uploadRequests += 1;
    const fault = faultFor(uploadRequests);
    if (fault === 'cancel') cancelAfterStoring.add(request.id);
    if (fault !== 'unavailable' && fault !== 'garbage') return;
    // Read the body first, as a proxy would, so the client sees the answer and not a reset.
    for await (const _chunk of request.raw);
    if (fault === 'garbage') return reply.code(502).type('text/html').send('<html><body><h1>502 Bad Gateway</h1></body></html>');
    return reply.code(503).send({ code: 0, msg: 'Service temporarily unavailable', time: 0, data: null });
  });
  app.addHook('onSend', async (request) => {
    if (cancelAfterStoring.delete(request.id)) controller.abort();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseURL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const client = createHttpClient({ baseURL, getToken: () => token, onUnauthorized: () => {} });
  http = {
    ...client,
    baseURL,
    upload: (url, form, options) => {
      sent.push(Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
      return client.upload(url, form, options);
    },
  };

  const mobile = '13900007777';
  await sendSms(http, { mobile, event: 'register' });
  const outbox = await http.get<SmsOutboxEntry[]>(DEV_ENDPOINTS.smsOutbox, { mobile });
  const code = outbox.find((entry) => entry.event === 'register')!.code;
  token = (await register(http, { ...CURRENT_AGREEMENT, mobile, code, password: 'secret123' })).userinfo.token;
});

afterAll(async () => {
  await app.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

beforeEach(() => {
  sent = [];
  uploadRequests = 0;
  faultFor = () => null;
  controller = new AbortController();
});

/** Every chunk file the server still holds, whoever sent it. */
function chunksLeft(): string[] {
  const root = path.join(uploadDir, '.chunks');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => entry.endsWith('.part'));
}

/** A PDF by its magic number (the server checks content), then noise. */
function pdf(size: number): { file: File; bytes: Buffer } {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return { file: new File([new Uint8Array(bytes)], 'statement.pdf', { type: 'application/pdf' }), bytes };
}

async function served(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const noWait = jest.fn(async (_ms: number, _signal?: AbortSignal) => {});
beforeEach(() => noWait.mockClear());

describe('uploadWithChunks against the reference server', () => {
  it('sends a large file in chunks that the server merges byte for byte', async () => {
    const { file, bytes } = pdf(1300 * KIB + 17);
    const stages: UploadStage[] = [];
    const progress: number[] = [];

    const uploaded = await uploadWithChunks(http, file, {
      chunkSize: 256 * KIB,
      onStage: (stage) => stages.push(stage),
      onProgress: (fraction) => progress.push(fraction),
    });

    expect((await served(uploaded.fullurl)).equals(bytes)).toBe(true);
    const chunks = sent.filter((fields) => fields.chunkindex !== undefined);
    expect(chunks.map((fields) => fields.chunkindex)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(new Set(chunks.map((fields) => fields.chunkid)).size).toBe(1);
    expect(chunks.every((fields) => fields.chunkcount === '6' && fields.filename === 'statement.pdf')).toBe(true);
    expect(sent.at(-1)).toEqual({ chunkid: chunks[0].chunkid, filename: 'statement.pdf', chunkcount: '6', action: 'merge' });
    expect(stages).toEqual(['uploadingChunk', 'mergingFile']);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(chunksLeft()).toEqual([]);
  });

  it('sends a file up to the threshold in one request', async () => {
    const { file, bytes } = pdf(100 * KIB);
    const stages: UploadStage[] = [];
    const uploaded = await uploadWithChunks(http, file, { chunkSize: 256 * KIB, onStage: (stage) => stages.push(stage) });
    expect((await served(uploaded.fullurl)).equals(bytes)).toBe(true);
    expect(sent).toEqual([{}]);
    expect(stages).toEqual(['uploading']);
  });

  it('retries a chunk that fails twice, with growing back-off, then completes', async () => {
    const { file, bytes } = pdf(700 * KIB);
    // Requests: chunk 0, chunk 1 (fails), chunk 1 (fails), chunk 1, chunk 2, merge.
    faultFor = (n) => (n === 2 || n === 3 ? 'unavailable' : null);

    const uploaded = await uploadWithChunks(http, file, { chunkSize: 256 * KIB, sleep: noWait });

    expect((await served(uploaded.fullurl)).equals(bytes)).toBe(true);
    expect(sent.map((fields) => fields.chunkindex ?? fields.action)).toEqual(['0', '1', '1', '1', '2', 'merge']);
    expect(noWait.mock.calls.map(([ms]) => ms)).toEqual([300, 600]);
  });

  it('gives up after the retries, cleans the stored chunks and rejects with the failure', async () => {
    const { file } = pdf(700 * KIB);
    // Chunk 2 (requests 3-6) never gets through.
    faultFor = (n) => (n >= 3 && n <= 6 ? 'unavailable' : null);
    const stages: UploadStage[] = [];

    const failure = uploadWithChunks(http, file, {
      chunkSize: 256 * KIB,
      retries: 3,
      sleep: noWait,
      onStage: (stage) => stages.push(stage),
    });

    await expect(failure).rejects.toMatchObject({ message: 'Service temporarily unavailable', code: 0 });
    expect(sent.filter((fields) => fields.chunkindex === '2')).toHaveLength(4);
    expect(sent.at(-1)).toEqual({ chunkid: sent[0].chunkid, method: 'clean' });
    expect(stages.at(-1)).toBe('cleaning');
    expect(chunksLeft()).toEqual([]);
  });

  it('cancel aborts the request in flight, cleans, and leaves no chunk behind', async () => {
    const { file } = pdf(1000 * KIB);
    // The server stores chunk 1, and the user cancels before its answer arrives.
    faultFor = (n) => (n === 2 ? 'cancel' : null);

    const cancelled = uploadWithChunks(http, file, { chunkSize: 256 * KIB, signal: controller.signal });

    await expect(cancelled).rejects.toBeInstanceOf(ApiError);
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
    const { chunkid } = sent[0];
    expect(sent.map((fields) => fields.chunkindex ?? fields.method)).toEqual(['0', '1', 'clean']);
    expect(sent.at(-1)).toEqual({ chunkid, method: 'clean' });
    expect(chunksLeft()).toEqual([]);
  });

  it('does not start when already cancelled', async () => {
    controller.abort();
    await expect(uploadWithChunks(http, pdf(10).file, { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(sent).toHaveLength(0);
  });

  it("reads an unparseable response as 'upload failed'", async () => {
    faultFor = () => 'garbage';
    const failure = uploadWithChunks(http, pdf(10 * KIB).file, { sleep: noWait });
    await expect(failure).rejects.toMatchObject({ message: 'upload failed', code: 'unparseable' });
    expect(sent).toHaveLength(4);
  });

  it("passes on the server's refusal of a disguised file at once, without retrying it", async () => {
    const disguised = new File([new Uint8Array(randomBytes(600 * KIB))], 'receipt.png', { type: 'image/png' });
    const failure = uploadWithChunks(http, disguised, { chunkSize: 256 * KIB, sleep: noWait });
    await expect(failure).rejects.toMatchObject({ message: 'Only JPG, PNG, WebP and PDF files are accepted.', status: 200 });
    expect(sent.filter((fields) => fields.action === 'merge')).toHaveLength(1);
    expect(noWait).not.toHaveBeenCalled();
    expect(chunksLeft()).toEqual([]);
  });
});
