import type { Readable } from 'node:stream';

/** An object as a listing shows it. */
export interface StoredObject {
  key: string;
  /** Last written, epoch ms. */
  modifiedMs: number;
}

/**
 * Where uploaded files and the chunks of unfinished uploads are kept: a folder on this machine,
 * or a bucket every API process reaches. Keys are `/`-separated and made by the upload service
 * from random names and checked ids only, never from what a client sent.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The object's bytes as a stream to answer with, or null when there is none. */
  stream(key: string): Promise<Readable | null>;
  /** Removes these objects; one already gone is no error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Resolves when files can be stored now; what `/health/ready` asks. */
  writable(): Promise<void>;
  close(): Promise<void>;
}
