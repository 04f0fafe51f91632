import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ChunkStored } from '@instalment/contract/api';
import { IMAGE_MAX_PIXELS, PROOF_FILE_TYPES, PROOF_MAX_BYTES, type ProofFileType } from '@instalment/contract/validation';
import type { Context } from '../runtime/context';
import { UploadRecords } from '../repositories/uploads';
import { declaredSize } from './image-size';
import { Refusal, sentenceOf } from './refusals';
import { businessDay } from './business-time';
import type { FileStorage } from '../storage/file-storage';

export const MAX_FILE_BYTES = PROOF_MAX_BYTES;
export const MAX_CHUNK_BYTES = 2 * 1024 * 1024;
export const MAX_CHUNKS = 200;
const DAY_MS = 24 * 3600 * 1000;
const MB = 1024 * 1024;

const CHUNK_ID = /^[A-Za-z0-9-]{8,64}$/;
const STORED_URL = /^\/uploads\/(\d{8})\/([0-9a-f]{32}\.(?:jpg|png|webp|pdf))$/;

export type FileType = ProofFileType;

const TYPES = Object.entries(PROOF_FILE_TYPES) as Array<[FileType, (typeof PROOF_FILE_TYPES)[FileType]]>;

export const MIME_TYPES = Object.fromEntries(TYPES.map(([type, { mime }]) => [type, mime])) as Record<FileType, string>;

const EXTENSIONS: Record<string, FileType> = Object.fromEntries(
  TYPES.flatMap(([type, { extensions }]) => extensions.map((extension) => [extension, type])),
);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Whether `url` is the path of an image stored here (a PDF is not one). */
export const isStoredImage = (url: string) => STORED_URL.test(url) && !url.endsWith('.pdf');

/** Where unmerged chunks are kept: per user and upload, so nobody can add to, merge or clean another user's. */
const CHUNKS = '.chunks/';
/** A minute's grace before an upload's chunks without a session are swept: a merge ends its session before it reads them. */
const ORPHAN_GRACE_MS = 60_000;

/** The storage key of a stored path (`<day>/<name>` of `/uploads/<day>/<name>`), or null for any other text. */
function keyOf(url: string): string | null {
  const match = STORED_URL.exec(url);
  return match ? `${match[1]}/${match[2]}` : null;
}

/** The stored path behind a link to it (a path or an absolute URL), or null when it names no stored file. */
function storedPath(fileUrl: string): string | null {
  let pathname = fileUrl;
  if (/^https?:\/\//i.test(fileUrl)) {
    try {
      pathname = new URL(fileUrl).pathname;
    } catch {
      return null;
    }
  }
  return STORED_URL.test(pathname) ? pathname : null;
}

export interface ProofImage {
  url: string;
  /** SHA-256 of the content: the same receipt under two names is one receipt. */
  contentHash: string;
}

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) => bytes.every((byte, index) => buffer[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type by content (magic bytes), never by name: a renamed page or program is refused. */
export function detectType(buffer: Buffer): FileType | null {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buffer, ascii('RIFF')) && startsWith(buffer, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(buffer, ascii('%PDF-'))) return 'pdf';
  return null;
}

/** The type a file name claims: undefined when it has no extension, null for one not allowed. */
function claimedType(filename: string): FileType | null | undefined {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(path.basename(filename));
  if (!match) return undefined;
  return EXTENSIONS[match[1].toLowerCase()] ?? null;
}

function checkName(filename: string): void {
  if (claimedType(filename) === null) throw new Refusal(sentenceOf('typeRefused'));
}

/** An image's declared size, judged before anything decodes it. */
function checkPixels(data: Buffer, type: Exclude<FileType, 'pdf'>): void {
  const size = declaredSize(data, type);
  if (!size || size.width === 0 || size.height === 0) throw new Refusal(sentenceOf('imageUnreadable'));
  if (size.width * size.height > IMAGE_MAX_PIXELS) {
    throw new Refusal(sentenceOf('imageTooLarge', { width: size.width, height: size.height, megapixels: IMAGE_MAX_PIXELS / 1_000_000 }));
  }
}

export interface ChunkRequest {
  chunkid: string;
  chunkindex: number;
  chunkcount: number;
  filename: string;
}

export interface StoredFile {
  url: string;
}

/** A stored file as it is sent: its type by its name, its bytes from the storage. */
export interface OpenedFile {
  type: FileType;
  bytes: Readable;
}

/**
 * Uploaded files: plain, or in FastAdmin's chunks. Stored under random names per day (the key
 * `<yyyymmdd>/<name>` of `/uploads/<yyyymmdd>/<name>`); client file names are read for their
 * extension only and never become keys.
 *
 * Chunks are not the parts of an S3 multipart upload: a chunk is at most 2 MB and S3 refuses
 * parts under 5 MiB but the last. Each chunk is an object of its own under `.chunks/`, named
 * in the database (chunk_parts), so any process can merge what another received; the merge
 * reads them in order (10 MB at most, which the type, pixel and hash checks read whole anyway),
 * writes the file as one object and removes them.
 */
export class UploadService {
  private readonly records: UploadRecords;

  constructor(
    private readonly ctx: Context,
    private readonly storage: FileStorage,
  ) {
    this.records = new UploadRecords(ctx.store);
  }

  async storeFile(userId: number, data: Buffer, filename: string): Promise<StoredFile> {
    checkName(filename);
    if (data.length === 0) throw new Refusal(sentenceOf('fileEmpty'));
    await this.ctx.store.write([this.quotaLock(userId)], (tx) => this.reserveBytes(new UploadRecords(tx), userId, data.length));
    return this.write(userId, data, filename);
  }

  /** Stores a whole file whose bytes were already counted against the user's quota. */
  private async write(userId: number, data: Buffer, filename: string): Promise<StoredFile> {
    const { url, type } = await this.place(data, filename);
    await this.records.insert({ userId, url, mime: MIME_TYPES[type], size: data.length, contentHash: sha256(data), at: this.ctx.now() });
    return { url };
  }

  /**
   * A news cover an editor sends: an image, owned by no borrower (an operator is none, and a
   * closed account's files go with it). It is read through a signed link until an article that
   * shows it is published, then by anyone (routes/upload.ts).
   */
  async storeCover(data: Buffer, filename: string): Promise<StoredFile> {
    if (data.length === 0) throw new Refusal(sentenceOf('fileEmpty'));
    const type = detectType(data);
    if (type === null || type === 'pdf') throw new Refusal(sentenceOf('coverImageOnly'));
    return { url: (await this.place(data, filename)).url };
  }

  /** Judges the file (size, type by content and name, pixels) and writes it under a new name of today. */
  private async place(data: Buffer, filename: string): Promise<{ url: string; type: FileType }> {
    if (data.length > MAX_FILE_BYTES) throw new Refusal(sentenceOf('fileTooLarge', { mb: MAX_FILE_BYTES / MB }));
    const type = detectType(data);
    if (!type) throw new Refusal(sentenceOf('typeRefused'));
    const claimed = claimedType(filename);
    if (claimed !== undefined && claimed !== type) throw new Refusal(sentenceOf('contentMismatch'));
    if (type !== 'pdf') checkPixels(data, type);
    const day = businessDay(this.ctx, this.ctx.now()).replace(/-/g, '');
    const name = `${randomBytes(16).toString('hex')}.${type}`;
    await this.storage.put(`${day}/${name}`, data, MIME_TYPES[type]);
    return { url: `/uploads/${day}/${name}`, type };
  }

  /** What every write of a user's uploads (quota, chunk sessions) holds. */
  private quotaLock(userId: number): string {
    return `uploads:${userId}`;
  }

  /** Counts `bytes` against the user's daily quota, or refuses; runs inside the caller's write. */
  private async reserveBytes(records: UploadRecords, userId: number, bytes: number): Promise<void> {
    const now = this.ctx.now();
    const limit = this.ctx.config.limits.uploadBytesPerUserPerDay;
    const used = await records.bytesSince(userId, now - DAY_MS);
    if (used + bytes > limit) throw new Refusal(sentenceOf('dailyUploadLimit', { mb: Math.floor(limit / MB) }));
    await records.addUsage(userId, bytes, now);
  }

  /** The key prefix of one user's chunked upload. */
  private chunkPrefix(userId: number, chunkid: string): string {
    if (!CHUNK_ID.test(chunkid)) throw new Refusal(sentenceOf('chunkIdShape'));
    return `${CHUNKS}${userId}/${chunkid}/`;
  }

  /** Removes whatever chunks of this upload are stored. */
  private async dropChunks(prefix: string): Promise<void> {
    await this.storage.remove((await this.storage.list(prefix)).map((object) => object.key));
  }

  async storeChunk(userId: number, request: ChunkRequest, data: Buffer): Promise<ChunkStored> {
    const prefix = this.chunkPrefix(userId, request.chunkid);
    if (!Number.isInteger(request.chunkcount) || request.chunkcount < 1 || request.chunkcount > MAX_CHUNKS) {
      throw new Refusal(sentenceOf('chunkCountRange', { max: MAX_CHUNKS }));
    }
    if (!Number.isInteger(request.chunkindex) || request.chunkindex < 0 || request.chunkindex >= request.chunkcount) {
      throw new Refusal(sentenceOf('chunkIndexRange', { max: request.chunkcount - 1 }));
    }
    if (request.filename === '') throw new Refusal(sentenceOf('filenameRequired'));
    checkName(request.filename);
    if (data.length === 0) throw new Refusal(sentenceOf('chunkEmpty'));
    if (data.length > MAX_CHUNK_BYTES) throw new Refusal(sentenceOf('chunkTooLarge', { mb: MAX_CHUNK_BYTES / MB }));

    // The session's size, its count and the quota are checked and the chunk recorded in one
    // write before any byte is written: parallel chunks cannot all pass the same total.
    const file = `${request.chunkindex}.${randomBytes(6).toString('hex')}.part`;
    const replaced = await this.ctx.store.write([this.quotaLock(userId)], async (tx) => {
      const records = new UploadRecords(tx);
      const session = await records.session(userId, request.chunkid);
      if (!session) {
        const allowed = this.ctx.config.limits.openChunkSessionsPerUser;
        if ((await records.openSessions(userId)) >= allowed) throw new Refusal(sentenceOf('uploadsInProgress', { count: allowed }));
        await records.openSession(userId, request.chunkid, request.chunkcount, this.ctx.now());
      } else if (session.chunkcount !== request.chunkcount) {
        throw new Refusal(sentenceOf('chunkCountChanged', { given: request.chunkcount, expected: session.chunkcount }));
      }
      const others = await records.sizeBesides(userId, request.chunkid, request.chunkindex);
      if (others + data.length > MAX_FILE_BYTES) throw new Refusal(sentenceOf('fileTooLarge', { mb: MAX_FILE_BYTES / MB }));
      await this.reserveBytes(records, userId, data.length);
      // A retried chunk replaces the earlier copy.
      const earlier = await records.partFile(userId, request.chunkid, request.chunkindex);
      await records.putPart(userId, request.chunkid, request.chunkindex, data.length, file);
      await records.touchSession(userId, request.chunkid, this.ctx.now());
      return earlier;
    });

    await this.storage.put(`${prefix}${file}`, data, 'application/octet-stream');
    if (replaced) await this.storage.remove([`${prefix}${replaced}`]);
    // A parallel copy of this chunk recorded after this one has replaced it while it was written.
    const current = await this.records.partFile(userId, request.chunkid, request.chunkindex);
    if (current !== file) await this.storage.remove([`${prefix}${file}`]);
    return { chunkid: request.chunkid, chunkindex: request.chunkindex };
  }

  async merge(userId: number, chunkid: string, filename: string, chunkcount: number | null): Promise<StoredFile> {
    const prefix = this.chunkPrefix(userId, chunkid);
    // Claimed (removed) in one write, so two merges of one session cannot both store it.
    const claimed = await this.ctx.store.write([this.quotaLock(userId)], async (tx) => {
      const records = new UploadRecords(tx);
      const session = await records.session(userId, chunkid);
      if (!session) throw new Refusal(sentenceOf('noChunks'));
      if (chunkcount !== null && chunkcount !== session.chunkcount) {
        throw new Refusal(sentenceOf('chunkCountMismatch', { given: chunkcount, expected: session.chunkcount }));
      }
      const files = new Map((await records.parts(userId, chunkid)).map((row) => [row.chunkindex, row.file]));
      const order = Array.from({ length: session.chunkcount }, (_unused, index) => index);
      const missing = order.find((index) => !files.has(index));
      if (missing !== undefined) {
        throw new Refusal(sentenceOf('chunkMissing', { index: missing, expected: session.chunkcount }));
      }
      await records.closeSession(userId, chunkid);
      return order.map((index) => files.get(index)!);
    });
    try {
      const parts = await Promise.all(
        claimed.map(async (file, index) => {
          const part = await this.storage.read(`${prefix}${file}`);
          if (!part) throw new Refusal(sentenceOf('chunkUnfinished', { index }));
          return part;
        }),
      );
      return await this.write(userId, Buffer.concat(parts), filename);
    } finally {
      // Merged or refused, these chunks are done with: a refused file must be uploaded anew.
      await this.dropChunks(prefix);
    }
  }

  async clean(userId: number, chunkid: string): Promise<void> {
    const prefix = this.chunkPrefix(userId, chunkid);
    await this.ctx.store.write([this.quotaLock(userId)], (tx) => new UploadRecords(tx).closeSession(userId, chunkid));
    await this.dropChunks(prefix);
  }

  /** Whether `fileUrl` (a path or absolute URL) is a file this user uploaded here; returns its path. */
  async ownUpload(userId: number, fileUrl: string): Promise<string | null> {
    return (await this.ownProof(userId, fileUrl))?.url ?? null;
  }

  /** A file this user uploaded here, with the hash taken when it was stored. */
  async ownProof(userId: number, fileUrl: string): Promise<ProofImage | null> {
    const url = storedPath(fileUrl);
    const record = url === null ? null : await this.records.byUrl(url);
    if (url === null || record?.user_id !== userId) return null;
    return { url, contentHash: record.content_hash ?? (await this.hashOlderFile(url)) };
  }

  /** A file stored before its upload kept a hash (migration 012): hashed once, then kept. */
  private async hashOlderFile(url: string): Promise<string> {
    const data = await this.read(url);
    if (!data) throw new Error(`the stored file ${url} is missing`);
    const contentHash = sha256(data);
    await this.records.keepHash(url, contentHash);
    return contentHash;
  }

  /** The stored file behind a path such as /uploads/<day>/<name>, or null; whoever calls has judged who may read it. */
  async open(url: string): Promise<OpenedFile | null> {
    const key = keyOf(url);
    if (key === null) return null;
    const bytes = await this.storage.stream(key);
    return bytes ? { type: key.split('.')[1] as FileType, bytes } : null;
  }

  /** The stored file's bytes, or null; whoever calls has judged who may read it. */
  async read(url: string): Promise<Buffer | null> {
    const key = keyOf(url);
    return key === null ? null : this.storage.read(key);
  }

  /** Removes the stored files at these paths; the rows that name them are the caller's to delete. */
  async remove(urls: readonly string[]): Promise<void> {
    const keys = urls.map(keyOf).filter((key): key is string => key !== null);
    if (keys.length > 0) await this.storage.remove(keys);
  }

  /** The user who uploaded the file at this path, or null. */
  ownerOf(url: string): Promise<number | null> {
    return this.records.ownerOf(url);
  }

  /**
   * Drops chunk sessions nobody merged or cleaned in time with their chunks, and chunks that
   * have no session (left by a crash). Runs at start and every `chunkSweepSeconds`.
   */
  async sweepChunks(): Promise<void> {
    const cutoff = this.ctx.now() - this.ctx.config.limits.staleChunkSeconds * 1000;
    // Closed here, so no merge can claim them any more: their chunks go at once.
    for (const stale of await this.records.closeSessionsBefore(cutoff))
      await this.dropChunks(this.chunkPrefix(stale.user_id, stale.chunkid));
    await this.records.forgetUsageBefore(this.ctx.now() - DAY_MS);
    const uploads = new Map<string, { keys: string[]; latestMs: number }>();
    for (const { key, modifiedMs } of await this.storage.list(CHUNKS)) {
      const upload = key.slice(CHUNKS.length, key.lastIndexOf('/'));
      const found = uploads.get(upload) ?? { keys: [], latestMs: 0 };
      found.keys.push(key);
      found.latestMs = Math.max(found.latestMs, modifiedMs);
      uploads.set(upload, found);
    }
    for (const [upload, { keys, latestMs }] of uploads) {
      const [user, chunkid] = upload.split('/');
      // The storage's clock, not the books': these are the times it wrote.
      if (latestMs < Date.now() - ORPHAN_GRACE_MS && !(await this.records.session(Number(user), chunkid))) await this.storage.remove(keys);
    }
  }
}
