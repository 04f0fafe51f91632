import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage, StoredObject } from './file-storage';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Uploads are borrowers' documents: readable by the server's user only, whatever the umask. */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Files in a folder of this machine: one process, or several sharing a volume. */
export class LocalDiskStorage implements FileStorage {
  /** `temporary`: the folder is this process's alone and goes when it closes. */
  constructor(
    readonly root: string,
    private readonly temporary = false,
  ) {
    fs.mkdirSync(root, { recursive: true, mode: FOLDER_MODE });
  }

  private fileOf(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileOf(key);
    // A removal elsewhere may take away the folder, left empty, between its making and the write.
    for (let attempt = 1; ; attempt += 1) {
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: FOLDER_MODE });
      try {
        return await fs.promises.writeFile(file, data, { flag: 'wx', mode: FILE_MODE });
      } catch (error) {
        if (!missing(error) || attempt === 3) throw error;
      }
    }
  }

  async read(key: string): Promise<Buffer | null> {
    return fs.promises.readFile(this.fileOf(key)).catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
  }

  async stream(key: string): Promise<Readable | null> {
    const file = this.fileOf(key);
    return fs.existsSync(file) ? fs.createReadStream(file) : null;
  }

  async remove(keys: readonly string[]): Promise<void> {
    const folders = new Set<string>();
    for (const key of keys) {
      await fs.promises.rm(this.fileOf(key), { force: true });
      folders.add(path.dirname(this.fileOf(key)));
    }
    // A chunked upload's folder goes with its last chunk, as when folders were removed whole; one still in use stays.
    for (const folder of folders) await fs.promises.rmdir(folder).catch(() => undefined);
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const base = this.fileOf(prefix.slice(0, prefix.lastIndexOf('/') + 1));
    const names = await fs.promises.readdir(base, { recursive: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    const found: StoredObject[] = [];
    for (const name of names) {
      const file = path.join(base, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      const key = path.relative(this.root, file).split(path.sep).join('/');
      if (stat?.isFile() && key.startsWith(prefix)) found.push({ key, modifiedMs: stat.mtimeMs });
    }
    return found;
  }

  writable(): Promise<void> {
    return fs.promises.access(this.root, fs.constants.W_OK);
  }

  async close(): Promise<void> {
    if (this.temporary) await fs.promises.rm(this.root, { recursive: true, force: true });
  }
}
