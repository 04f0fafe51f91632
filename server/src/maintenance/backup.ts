import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { localUploadDir } from '../storage/open';
import type { AppConfig } from '../settings/config';

/** What a backup archive (a gzipped tar) holds, and where. */
export const ARCHIVE = {
  manifest: 'backup.json',
  database: 'instalment.db',
  uploads: 'uploads',
  format: 1,
} as const;

export interface Manifest {
  format: number;
  created_at: string;
  schema_version: number;
}

/** Chunks of uploads in progress are not kept: an upload interrupted by a restore starts again. */
const IN_PROGRESS = '.chunks';

/** The SQLite file and upload folder of `config`, or a refusal naming what to do instead. */
export function localData(config: Pick<AppConfig, 'databaseUrl' | 'databaseFile' | 'uploadDir' | 'storage'>): {
  databaseFile: string;
  uploadDir: string;
} {
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL names PostgreSQL: back it up with pg_dump and restore with pg_restore (server/README.md, "Backup and restore").',
    );
  if (config.databaseFile === ':memory:') throw new Error('DATABASE_FILE is :memory:, which has nothing to back up or restore.');
  if (config.storage === 's3')
    throw new Error(
      'STORAGE=s3 keeps uploads in the bucket, which this command cannot copy consistently with the database: use the bucket\'s versioning and the database\'s own backup (server/README.md, "Backup and restore").',
    );
  return { databaseFile: config.databaseFile, uploadDir: localUploadDir(config).dir };
}

/**
 * A consistent copy of the database, taken while the API keeps writing, and the uploaded files,
 * in one archive at `to`. The copy is SQLite's online backup in a single step: one read
 * transaction, so it is the database as of one commit (WAL lets writers go on meanwhile); in
 * small steps, every write from the API would restart it. Files are archived after that copy,
 * and every file a row of it names was complete before its row was written.
 */
export async function takeBackup(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseFile' | 'uploadDir' | 'storage'>,
  to: string,
): Promise<Manifest> {
  const { databaseFile, uploadDir } = localData(config);
  if (fs.existsSync(to)) throw new Error(`${to} exists already; a backup never overwrites a file.`);
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(to)), '.backup-'));
  try {
    const source = new Database(databaseFile, { fileMustExist: true });
    let schemaVersion: number;
    try {
      // The copy keeps the mode it is made with, in the archive too: a restore does not widen it.
      fs.closeSync(fs.openSync(path.join(staging, ARCHIVE.database), 'wx', 0o600));
      await source.backup(path.join(staging, ARCHIVE.database), { progress: () => 0x7fffffff });
      schemaVersion = source.pragma('user_version', { simple: true }) as number;
    } finally {
      source.close();
    }
    const manifest: Manifest = { format: ARCHIVE.format, created_at: new Date().toISOString(), schema_version: schemaVersion };
    fs.writeFileSync(path.join(staging, ARCHIVE.manifest), `${JSON.stringify(manifest)}\n`);
    // The upload folder enters the archive under its one name, wherever UPLOAD_DIR puts it.
    if (fs.existsSync(uploadDir)) fs.symlinkSync(path.resolve(uploadDir), path.join(staging, ARCHIVE.uploads), 'dir');
    else fs.mkdirSync(path.join(staging, ARCHIVE.uploads));
    const partial = `${to}.partial`;
    // Every account and document is in it: readable by its owner only from its first byte, whatever the umask.
    await pipeline(
      tar.create({ gzip: true, cwd: staging, follow: true, portable: true, filter: (entry) => !entry.split('/').includes(IN_PROGRESS) }, [
        ARCHIVE.manifest,
        ARCHIVE.database,
        ARCHIVE.uploads,
      ]),
      fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    fs.renameSync(partial, to);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
