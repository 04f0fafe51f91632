import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ChunkStored } from '@instalment/shared/api';
import { calendarDate } from '@instalment/shared/loan';
import type { Context } from '../context';
import { Refusal } from '../http/errors';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_CHUNK_BYTES = 2 * 1024 * 1024;
export const MAX_CHUNKS = 200;
/** Chunks never merged are dropped after a day. */
const STALE_CHUNKS_MS = 24 * 3600 * 1000;

const CHUNK_ID = /^[A-Za-z0-9-]{8,64}$/;
const DAY_DIR = /^\d{8}$/;
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|pdf)$/;
const STORED_URL = /^\/uploads\/(\d{8})\/([0-9a-f]{32}\.(?:jpg|png|webp|pdf))$/;

export type FileType = 'jpg' | 'png' | 'webp' | 'pdf';

export const MIME_TYPES: Record<FileType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const EXTENSIONS: Record<string, FileType> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp', pdf: 'pdf' };

export const TYPE_REFUSED = 'Only JPG, PNG, WebP and PDF files are accepted.';
export const TOO_LARGE = `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`;

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
  if (claimedType(filename) === null) throw new Refusal(TYPE_REFUSED);
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

/**
 * Uploaded files: plain, or in FastAdmin's chunks. Stored under random names in a folder per
 * day; client file names are read for their extension only and never become paths.
 */
export class UploadService {
  private readonly chunkRoot: string;

  constructor(
    private readonly ctx: Context,
    readonly dir: string,
  ) {
    this.chunkRoot = path.join(dir, '.chunks');
    fs.mkdirSync(this.chunkRoot, { recursive: true });
  }

  async storeFile(userId: number, data: Buffer, filename: string): Promise<StoredFile> {
    checkName(filename);
    if (data.length === 0) throw new Refusal('The file is empty.');
    if (data.length > MAX_FILE_BYTES) throw new Refusal(TOO_LARGE);
    const type = detectType(data);
    if (!type) throw new Refusal(TYPE_REFUSED);
    const claimed = claimedType(filename);
    if (claimed !== undefined && claimed !== type) throw new Refusal("The file's content does not match its name.");
    const day = calendarDate(this.ctx.now()).replace(/-/g, '');
    const name = `${randomBytes(16).toString('hex')}.${type}`;
    await fs.promises.mkdir(path.join(this.dir, day), { recursive: true });
    await fs.promises.writeFile(path.join(this.dir, day, name), data, { flag: 'wx' });
    const url = `/uploads/${day}/${name}`;
    this.ctx.db
      .prepare('INSERT INTO uploads (user_id, url, mime, size, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(userId, url, MIME_TYPES[type], data.length, this.ctx.now());
    return { url };
  }

  /** Chunks live per user, so nobody can add to, merge or clean another user's upload. */
  private chunkDir(userId: number, chunkid: string): string {
    if (!CHUNK_ID.test(chunkid)) throw new Refusal('chunkid must be 8 to 64 letters, digits or hyphens.');
    return path.join(this.chunkRoot, String(userId), chunkid);
  }

  async storeChunk(userId: number, request: ChunkRequest, data: Buffer): Promise<ChunkStored> {
    const dir = this.chunkDir(userId, request.chunkid);
    if (!Number.isInteger(request.chunkcount) || request.chunkcount < 1 || request.chunkcount > MAX_CHUNKS) {
      throw new Refusal(`chunkcount must be a whole number from 1 to ${MAX_CHUNKS}.`);
    }
    if (!Number.isInteger(request.chunkindex) || request.chunkindex < 0 || request.chunkindex >= request.chunkcount) {
      throw new Refusal(`chunkindex must be a whole number from 0 to ${request.chunkcount - 1}.`);
    }
    if (request.filename === '') throw new Refusal('filename is required.');
    checkName(request.filename);
    if (data.length === 0) throw new Refusal('The chunk is empty.');
    if (data.length > MAX_CHUNK_BYTES) throw new Refusal(`A chunk may be at most ${MAX_CHUNK_BYTES / 1024 / 1024} MB.`);

    await fs.promises.mkdir(dir, { recursive: true });
    const meta = await this.readMeta(dir);
    if (meta && meta.chunkcount !== request.chunkcount) {
      throw new Refusal(`chunkcount ${request.chunkcount} does not match the ${meta.chunkcount} of the earlier chunks.`);
    }
    if (!meta) await fs.promises.writeFile(path.join(dir, 'meta.json'), JSON.stringify({ chunkcount: request.chunkcount }));
    const others = (await this.partSizes(dir, request.chunkcount)).reduce((sum, size, index) => (index === request.chunkindex ? sum : sum + size), 0);
    if (others + data.length > MAX_FILE_BYTES) throw new Refusal(TOO_LARGE);
    // A retried chunk replaces the earlier copy.
    await fs.promises.writeFile(path.join(dir, `${request.chunkindex}.part`), data);
    return { chunkid: request.chunkid, chunkindex: request.chunkindex };
  }

  async merge(userId: number, chunkid: string, filename: string, chunkcount: number | null): Promise<StoredFile> {
    const dir = this.chunkDir(userId, chunkid);
    const meta = await this.readMeta(dir);
    if (!meta) throw new Refusal('No chunks were uploaded for this chunkid.');
    if (chunkcount !== null && chunkcount !== meta.chunkcount) {
      throw new Refusal(`chunkcount ${chunkcount} does not match the ${meta.chunkcount} chunks uploaded.`);
    }
    const sizes = await this.partSizes(dir, meta.chunkcount);
    const missing = sizes.findIndex((size) => size === 0);
    if (missing >= 0) throw new Refusal(`chunkindex ${missing} is missing (${meta.chunkcount} chunks expected); upload it before merging.`);
    const parts = await Promise.all(sizes.map((_size, index) => fs.promises.readFile(path.join(dir, `${index}.part`))));
    try {
      return await this.storeFile(userId, Buffer.concat(parts), filename);
    } finally {
      // Merged or refused, these chunks are done with: a refused file must be uploaded anew.
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  async clean(userId: number, chunkid: string): Promise<void> {
    await fs.promises.rm(this.chunkDir(userId, chunkid), { recursive: true, force: true });
  }

  private async readMeta(dir: string): Promise<{ chunkcount: number } | null> {
    try {
      return JSON.parse(await fs.promises.readFile(path.join(dir, 'meta.json'), 'utf8')) as { chunkcount: number };
    } catch {
      return null;
    }
  }

  /** The size of each part 0..count-1 stored so far (0 for a missing one). */
  private async partSizes(dir: string, count: number): Promise<number[]> {
    return Promise.all(
      Array.from({ length: count }, (_unused, index) =>
        fs.promises.stat(path.join(dir, `${index}.part`)).then(
          (stat) => stat.size,
          () => 0,
        ),
      ),
    );
  }

  /** Whether `fileUrl` (a path or absolute URL) is a file this user uploaded here; returns its path. */
  ownUpload(userId: number, fileUrl: string): string | null {
    let pathname = fileUrl;
    if (/^https?:\/\//i.test(fileUrl)) {
      try {
        pathname = new URL(fileUrl).pathname;
      } catch {
        return null;
      }
    }
    if (!STORED_URL.test(pathname)) return null;
    const row = this.ctx.db.prepare('SELECT 1 FROM uploads WHERE url = ? AND user_id = ?').get(pathname, userId);
    return row ? pathname : null;
  }

  /** The stored file behind /uploads/<day>/<name>, or null. */
  locate(day: string, name: string): { file: string; type: FileType } | null {
    if (!DAY_DIR.test(day) || !STORED_NAME.test(name)) return null;
    const file = path.join(this.dir, day, name);
    return fs.existsSync(file) ? { file, type: name.split('.')[1] as FileType } : null;
  }

  /** Drops chunk folders nobody merged or cleaned within a day. */
  sweepChunks(): void {
    const cutoff = Date.now() - STALE_CHUNKS_MS;
    for (const user of fs.readdirSync(this.chunkRoot)) {
      const userDir = path.join(this.chunkRoot, user);
      for (const chunkid of fs.readdirSync(userDir)) {
        const dir = path.join(userDir, chunkid);
        if (fs.statSync(dir).mtimeMs < cutoff) fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  }
}
