import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';

/** The storage the configuration names: its bucket, UPLOAD_DIR, or a folder beside the database. */
export function openStorage(config: AppConfig): FileStorage {
  if (config.storage === 's3') return new S3Storage(config.s3!);
  if (config.uploadDir) return new LocalDiskStorage(config.uploadDir);
  // A database that goes with the process (in memory) or lives elsewhere (PostgreSQL) has no folder to sit beside.
  if (config.databaseUrl || config.databaseFile === ':memory:')
    return new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-uploads-')), true);
  return new LocalDiskStorage(path.join(path.dirname(config.databaseFile), 'uploads'));
}
