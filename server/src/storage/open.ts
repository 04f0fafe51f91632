import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../settings/config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';

/**
 * The folder local disk storage keeps uploads in: UPLOAD_DIR, or one beside the database (the
 * backup and restore commands read it too).
 */
export function localUploadDir(config: Pick<AppConfig, 'uploadDir' | 'databaseUrl' | 'databaseFile'>): { dir: string; temporary: boolean } {
  if (config.uploadDir) return { dir: config.uploadDir, temporary: false };
  // A database that goes with the process (in memory) or lives elsewhere (PostgreSQL) has no folder to sit beside.
  if (config.databaseUrl || config.databaseFile === ':memory:')
    return { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-uploads-')), temporary: true };
  return { dir: path.join(path.dirname(config.databaseFile), 'uploads'), temporary: false };
}

/** The storage the configuration names: its bucket, or the local folder. */
export function openStorage(config: AppConfig): FileStorage {
  if (config.storage === 's3') return new S3Storage(config.s3!);
  const { dir, temporary } = localUploadDir(config);
  return new LocalDiskStorage(dir, temporary);
}
