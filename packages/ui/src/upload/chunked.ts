import { cleanChunks, mergeChunks, uploadChunk, uploadFile } from '@instalment/contract/api';
import type { UploadedFile } from '@instalment/contract/api';
import { ApiError, isAbort } from '@instalment/host-sdk/http';
import type { HttpClient, UploadOptions } from '@instalment/host-sdk/http';

/** What the uploader is doing, for the page's progress text (SPEC §8 loading texts). */
export type UploadStage = 'uploading' | 'uploadingChunk' | 'mergingFile' | 'cleaning';

export const DEFAULT_CHUNK_SIZE = 512 * 1024;
export const DEFAULT_RETRIES = 3;
export const DEFAULT_BACKOFF_MS = 300;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ChunkedUploadOptions {
  /** Bytes per chunk. */
  chunkSize?: number;
  /** Files larger than this go in chunks; smaller ones in one request. Default: chunkSize. */
  threshold?: number;
  /** How many times a failed request is tried again before the upload fails. */
  retries?: number;
  /** The first retry waits this long; each further one twice as long. */
  backoffMs?: number;
  /** Injectable so tests need not wait for the back-off. */
  sleep?: Sleep;
  /** Name sent to the server; default: the File's own name. */
  filename?: string;
  /** Fraction 0..1 of the file's bytes sent; never goes backwards. */
  onProgress?: (fraction: number) => void;
  onStage?: (stage: UploadStage) => void;
  /** Aborting cancels the request in flight, cleans the stored chunks and rejects with code 'aborted'. */
  signal?: AbortSignal;
}

const abortError = () => new ApiError('aborted', 'aborted');

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** A v4 UUID: the server keys the stored chunks by it, so two uploads never mix. */
export function newChunkId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Worth asking again: no clear answer came back (the network failed, a proxy answered with its
 * own page) or the server failed (5xx). A refusal is the server's word and stays one; the user's
 * cancel and an expired session are final too.
 */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'network' || error.code === 'unparseable') return true;
  return error.status !== undefined && error.status >= 500;
}

async function withRetries<T>(
  attempt: () => Promise<T>,
  retries: number,
  backoffMs: number,
  wait: Sleep,
  signal?: AbortSignal,
): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    if (signal?.aborted) throw abortError();
    try {
      return await attempt();
    } catch (error) {
      if (!isTransient(error) || failures >= retries) throw error;
      await wait(backoffMs * 2 ** failures, signal);
    }
  }
}

function nameOf(file: Blob, given?: string): string {
  if (given) return given;
  const name = (file as Partial<File>).name;
  return name || 'file';
}

/**
 * Uploads a file to /api/common/upload (SPEC §7): in one request up to the threshold, else in
 * chunks (chunkid, chunkindex, chunkcount, filename) followed by a merge. A request that failed
 * on the way or on the server's side is retried with back-off; on cancel or final failure the stored chunks are cleaned before the
 * promise rejects. Calls are silent (no overlay, no toast): the page shows its own progress
 * and one message.
 */
export async function uploadWithChunks(http: HttpClient, file: Blob, options: ChunkedUploadOptions = {}): Promise<UploadedFile> {
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const threshold = options.threshold ?? chunkSize;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const wait = options.sleep ?? abortableSleep;
  const { signal } = options;
  const filename = nameOf(file, options.filename);
  const silent: UploadOptions = { loading: false, toast: false, signal };

  let reported = -1;
  const report = (fraction: number) => {
    const next = Math.min(1, Math.max(0, fraction));
    // A retried chunk starts again from its first byte; the bar should not jump back.
    if (next <= reported) return;
    reported = next;
    options.onProgress?.(next);
  };
  const retrying = <T>(attempt: () => Promise<T>) => withRetries(attempt, retries, backoffMs, wait, signal);

  if (signal?.aborted) throw abortError();
  report(0);

  if (file.size <= threshold) {
    options.onStage?.('uploading');
    const uploaded = await retrying(() => uploadFile(http, file, filename, { ...silent, onProgress: report }));
    report(1);
    return uploaded;
  }

  const chunkid = newChunkId();
  const chunkcount = Math.ceil(file.size / chunkSize);
  try {
    options.onStage?.('uploadingChunk');
    for (let chunkindex = 0; chunkindex < chunkcount; chunkindex += 1) {
      const start = chunkindex * chunkSize;
      const chunk = file.slice(start, Math.min(file.size, start + chunkSize));
      const onProgress = (fraction: number) => report((start + fraction * chunk.size) / file.size);
      await retrying(() => uploadChunk(http, { chunkid, chunkindex, chunkcount, filename }, chunk, { ...silent, onProgress }));
      report((start + chunk.size) / file.size);
    }
    options.onStage?.('mergingFile');
    return await retrying(() => mergeChunks(http, { chunkid, filename, chunkcount }, silent));
  } catch (error) {
    options.onStage?.('cleaning');
    // Best effort, and not under the cancelled signal: the chunks must go even when the user gave up.
    await cleanChunks(http, chunkid, { loading: false, toast: false }).catch(() => undefined);
    throw isAbort(error) || signal?.aborted ? abortError() : error;
  }
}
