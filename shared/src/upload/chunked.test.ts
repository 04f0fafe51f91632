/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { createHttpClient, type HttpClient } from '../http/client';
import { ApiError } from '../http/errors';
import { type UploadStage, uploadWithChunks } from './chunked';

/**
 * A minimal in-process implementation of SPEC §7's upload protocol (one file, chunks, merge,
 * clean), with faults that a test can switch on. The reference server was not yet written when
 * these tests were; the protocol is the same.
 */
interface Fault {
  kind: 'fail' | 'garbage';
  times: number;
  chunkindex?: number;
}

interface UploadServer {
  http: HttpClient;
  chunks: Map<string, Map<number, Buffer>>;
  files: Map<string, Buffer>;
  requests: Array<Record<string, string>>;
  faults: Fault[];
  onChunkStored: (fields: Record<string, string>) => void;
  close(): Promise<void>;
}

const envelope = (code: number, msg: string, data: unknown) => ({ code, msg, time: Math.floor(Date.now() / 1000), data });

async function startUploadServer(): Promise<UploadServer> {
  const app: FastifyInstance = Fastify();
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024 } });
  const server: Omit<UploadServer, 'http' | 'close'> = {
    chunks: new Map(),
    files: new Map(),
    requests: [],
    faults: [],
    onChunkStored: () => {},
  };
  let stored = 0;
  const store = (content: Buffer, filename: string) => {
    const url = `/uploads/${(stored += 1)}-${filename}`;
    server.files.set(url, content);
    return { url, fullurl: `http://files.test${url}` };
  };

  app.post('/api/common/upload', async (request, reply) => {
    const fields: Record<string, string> = {};
    let content: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') content = await part.toBuffer();
      else fields[part.fieldname] = String(part.value);
    }
    server.requests.push(fields);
    const fault = server.faults.find((f) => f.times > 0 && (f.chunkindex === undefined || String(f.chunkindex) === fields.chunkindex));
    if (fault) {
      fault.times -= 1;
      if (fault.kind === 'garbage') return reply.code(502).type('text/html').send('<html><body>502 Bad Gateway</body></html>');
      return reply.code(500).send(envelope(0, 'chunk write failed', null));
    }
    const { chunkid } = fields;
    if (fields.method === 'clean') {
      server.chunks.delete(chunkid);
      return envelope(1, '', null);
    }
    if (fields.action === 'merge') {
      const parts = server.chunks.get(chunkid);
      const count = Number(fields.chunkcount);
      if (!parts || parts.size !== count) return envelope(0, 'chunks missing', null);
      const whole = Buffer.concat(Array.from({ length: count }, (_, index) => parts.get(index)!));
      server.chunks.delete(chunkid);
      return envelope(1, '', store(whole, fields.filename));
    }
    if (!content) return envelope(0, 'no file', null);
    if (chunkid) {
      const parts = server.chunks.get(chunkid) ?? new Map<number, Buffer>();
      parts.set(Number(fields.chunkindex), content);
      server.chunks.set(chunkid, parts);
      server.onChunkStored(fields);
      return envelope(1, '', { chunkid, chunkindex: Number(fields.chunkindex) });
    }
    return envelope(1, '', store(content, 'single'));
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const http = createHttpClient({ baseURL: `http://127.0.0.1:${port}`, getToken: () => null, onUnauthorized: () => {} });
  return Object.assign(server, { http, close: () => app.close() });
}

const KIB = 1024;

function randomFile(size: number, name = 'proof.pdf', type = 'application/pdf'): { file: File; bytes: Buffer } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7919 + (i >> 8)) & 0xff;
  return { file: new File([bytes], name, { type }), bytes };
}

describe('uploadWithChunks against a real HTTP server', () => {
  let server: UploadServer;
  const noWait = jest.fn(async (_ms: number, _signal?: AbortSignal) => {});

  beforeEach(async () => {
    server = await startUploadServer();
    noWait.mockClear();
  });
  afterEach(() => server.close());

  it('sends a large file in chunks that the server merges byte for byte', async () => {
    const { file, bytes } = randomFile(1300 * KIB + 17);
    const stages: UploadStage[] = [];
    const progress: number[] = [];

    const uploaded = await uploadWithChunks(server.http, file, {
      chunkSize: 256 * KIB,
      onStage: (stage) => stages.push(stage),
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(server.files.get(uploaded.url)?.equals(bytes)).toBe(true);
    const chunkRequests = server.requests.filter((fields) => fields.chunkindex !== undefined);
    expect(chunkRequests.map((fields) => fields.chunkindex)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(new Set(chunkRequests.map((fields) => fields.chunkid)).size).toBe(1);
    expect(chunkRequests.every((fields) => fields.chunkcount === '6' && fields.filename === 'proof.pdf')).toBe(true);
    expect(server.requests.at(-1)).toMatchObject({ action: 'merge', chunkcount: '6', filename: 'proof.pdf' });
    expect(stages).toEqual(['uploadingChunk', 'mergingFile']);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(server.chunks.size).toBe(0);
  });

  it('sends a file up to the threshold in one request', async () => {
    const { file, bytes } = randomFile(100 * KIB, 'receipt.png', 'image/png');
    const stages: UploadStage[] = [];
    const uploaded = await uploadWithChunks(server.http, file, { chunkSize: 256 * KIB, onStage: (stage) => stages.push(stage) });
    expect(server.files.get(uploaded.url)?.equals(bytes)).toBe(true);
    expect(server.requests).toEqual([{}]);
    expect(stages).toEqual(['uploading']);
  });

  it('retries a chunk that fails twice, with growing back-off, then completes', async () => {
    const { file, bytes } = randomFile(700 * KIB);
    server.faults.push({ kind: 'fail', chunkindex: 1, times: 2 });

    const uploaded = await uploadWithChunks(server.http, file, { chunkSize: 256 * KIB, sleep: noWait });

    expect(server.files.get(uploaded.url)?.equals(bytes)).toBe(true);
    expect(server.requests.filter((fields) => fields.chunkindex === '1')).toHaveLength(3);
    expect(noWait.mock.calls.map(([ms]) => ms)).toEqual([300, 600]);
  });

  it('gives up after the retries, cleans the stored chunks and rejects with the server message', async () => {
    const { file } = randomFile(700 * KIB);
    server.faults.push({ kind: 'fail', chunkindex: 2, times: 99 });
    const stages: UploadStage[] = [];

    const failure = uploadWithChunks(server.http, file, { chunkSize: 256 * KIB, retries: 3, sleep: noWait, onStage: (stage) => stages.push(stage) });

    await expect(failure).rejects.toMatchObject({ message: 'chunk write failed', code: 0 });
    expect(server.requests.filter((fields) => fields.chunkindex === '2')).toHaveLength(4);
    expect(server.requests.at(-1)).toMatchObject({ method: 'clean' });
    expect(server.chunks.size).toBe(0);
    expect(stages.at(-1)).toBe('cleaning');
  });

  it('cancel aborts the request in flight, cleans, and leaves no chunk behind', async () => {
    const { file } = randomFile(1000 * KIB);
    const controller = new AbortController();
    server.onChunkStored = (fields) => {
      if (fields.chunkindex === '1') controller.abort();
    };

    const cancelled = uploadWithChunks(server.http, file, { chunkSize: 256 * KIB, signal: controller.signal });

    await expect(cancelled).rejects.toBeInstanceOf(ApiError);
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
    const chunkid = server.requests[0].chunkid;
    expect(server.requests.at(-1)).toEqual({ chunkid, method: 'clean' });
    expect(server.requests.some((fields) => fields.action === 'merge' || fields.chunkindex === '2')).toBe(false);
    expect(server.chunks.has(chunkid)).toBe(false);
    expect(server.files.size).toBe(0);
  });

  it('does not start when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadWithChunks(server.http, randomFile(10).file, { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(server.requests).toHaveLength(0);
  });

  it("reads an unparseable response as 'upload failed'", async () => {
    server.faults.push({ kind: 'garbage', times: 99 });
    const failure = uploadWithChunks(server.http, randomFile(10 * KIB).file, { sleep: noWait });
    await expect(failure).rejects.toMatchObject({ message: 'upload failed', code: 'unparseable' });
  });
});
