import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { AppConfig } from '../settings/config';
import { ARCHIVE, localData, type Manifest } from './backup';

/** A folder that holds nothing (or is not there yet): the only kind a restore writes into. */
function isEmpty(folder: string): boolean {
  return !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
}

/**
 * The database and uploaded files of a backup archive, put where `config` names them: the
 * database file's folder (and UPLOAD_DIR, when it lies elsewhere) must be empty, so a restore
 * never mixes with or replaces live data.
 */
export async function restoreBackup(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseFile' | 'uploadDir' | 'storage'>,
  from: string,
): Promise<Manifest> {
  const { databaseFile, uploadDir } = localData(config);
  const dataDir = path.dirname(databaseFile);
  for (const folder of new Set([dataDir, uploadDir])) {
    if (!isEmpty(folder)) throw new Error(`${folder} is not empty; a backup is restored into an empty data folder only.`);
  }
  if (!fs.existsSync(from)) throw new Error(`There is no backup at ${from}.`);
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    await tar.extract({ file: from, cwd: staging, strict: true });
    const manifestFile = path.join(staging, ARCHIVE.manifest);
    const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : null;
    if (manifest?.format !== ARCHIVE.format || !fs.existsSync(path.join(staging, ARCHIVE.database))) {
      throw new Error(`${from} is not a backup this server made.`);
    }
    fs.renameSync(path.join(staging, ARCHIVE.database), databaseFile);
    fs.cpSync(path.join(staging, ARCHIVE.uploads), uploadDir, { recursive: true });
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
