import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RemoteRelease } from '@instalment/contract/api';
import type { AppConfig } from '../../settings/config';
import type { FileStorage } from '../../storage/file-storage';
import { Refusal, sentenceOf } from '../refusals';

/** A host's config.json: the remotes' entries, and fields of the host's own (`apiBaseURL`, `telemetrySample`, …) kept as they are. */
export interface HostConfig {
  remotes: Record<string, RemoteRelease>;
  [field: string]: unknown;
}

/**
 * Where the hosts' config.json lives, read and written only by the release service (under its
 * database lock): every copy is written alike, each whole or not at all; the first is read.
 */
export interface ConfigStore {
  read(): Promise<HostConfig>;
  write(config: HostConfig): Promise<void>;
  /** The host's own manifest (the SDK it shares), beside its config. */
  hostManifest(): Promise<unknown>;
}

/** A config's or a manifest's JSON as stored at `where`, or a refusal naming it. */
async function jsonOf(where: string, text: Promise<string | null>): Promise<unknown> {
  try {
    return JSON.parse((await text) ?? '');
  } catch {
    throw new Refusal(sentenceOf('releaseFileUnreadable', { file: where }));
  }
}

/** A host config as read: one with its remotes, or a refusal naming where it was read. */
function hostConfigOf(where: string, config: unknown): HostConfig {
  const remotes = (config as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) throw new Refusal(sentenceOf('releaseFileUnreadable', { file: where }));
  return config as HostConfig;
}

const configText = (config: HostConfig) => `${JSON.stringify(config, null, 2)}\n`;
const readText = (file: string) => fs.promises.readFile(file, 'utf8');

/** The config files the static hosts serve (HOST_CONFIGS): the shell's and the console's. */
export class FileConfigStore implements ConfigStore {
  constructor(private readonly files: readonly string[]) {}

  async read(): Promise<HostConfig> {
    return hostConfigOf(this.files[0], await jsonOf(this.files[0], readText(this.files[0])));
  }

  /**
   * Each file through a temporary one in its own folder, renamed over it: a host serving it reads
   * the old file or the new one, never half of one.
   */
  async write(config: HostConfig): Promise<void> {
    const text = configText(config);
    for (const file of this.files) {
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}`);
      await fs.promises.writeFile(temporary, text, { mode: 0o644 });
      try {
        await fs.promises.rename(temporary, file);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    }
  }

  hostManifest(): Promise<unknown> {
    const file = path.join(path.dirname(this.files[0]), 'mf-manifest.json');
    return jsonOf(file, readText(file));
  }
}

/**
 * The config objects in the bucket (STORAGE=s3, HOST_CONFIG_KEYS), for hosts served from it: each
 * object is replaced whole by one PutObject, so a reader gets the old config or the new one.
 */
export class BucketConfigStore implements ConfigStore {
  constructor(
    private readonly storage: FileStorage,
    private readonly keys: readonly string[],
  ) {}

  private text(key: string): Promise<string | null> {
    return this.storage.read(key).then((bytes) => bytes?.toString('utf8') ?? null);
  }

  async read(): Promise<HostConfig> {
    return hostConfigOf(this.keys[0], await jsonOf(this.keys[0], this.text(this.keys[0])));
  }

  async write(config: HostConfig): Promise<void> {
    const bytes = Buffer.from(configText(config));
    for (const key of this.keys) await this.storage.put(key, bytes, 'application/json; charset=utf-8');
  }

  hostManifest(): Promise<unknown> {
    const key = path.posix.join(path.posix.dirname(this.keys[0]), 'mf-manifest.json');
    return jsonOf(key, this.text(key));
  }
}

/** Where this server's configuration keeps the hosts' configs: the bucket's objects, the files, or nowhere (releases are not changed here). */
export function configStoreOf(config: Pick<AppConfig, 'hostConfigs' | 'hostConfigKeys'>, storage: FileStorage): ConfigStore | null {
  if (config.hostConfigKeys.length > 0) return new BucketConfigStore(storage, config.hostConfigKeys);
  return config.hostConfigs.length > 0 ? new FileConfigStore(config.hostConfigs) : null;
}
