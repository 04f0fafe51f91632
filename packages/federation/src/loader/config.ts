import { REMOTE_NAMES } from '@instalment/federation/pages';
import type { RemoteEntries } from './remotes';

/** A host's /config.json: where the API and each remote live. Re-pointing a remote is an edit of this file. */
export interface RuntimeConfig {
  apiBaseURL: string;
  remotes: RemoteEntries;
}

/** A federation container's name, as webpack's ModuleFederationPlugin takes it (`mf_help`). */
const CONTAINER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The host's config: the repository's remotes must be there (SPEC §2's rows are theirs); any
 * other remote it names is loaded too, and publishes its own pages.
 */
export function parseConfig(raw: unknown): RuntimeConfig {
  const value = raw as Partial<RuntimeConfig> | null;
  if (!value || typeof value.apiBaseURL !== 'string' || typeof value.remotes !== 'object' || !value.remotes) {
    throw new Error('config.json must name apiBaseURL and remotes');
  }
  for (const name of REMOTE_NAMES) {
    if (typeof value.remotes[name] !== 'string') throw new Error(`config.json names no URL for remote ${name}`);
  }
  for (const [name, url] of Object.entries(value.remotes)) {
    if (!CONTAINER_NAME.test(name) || typeof url !== 'string') throw new Error(`config.json's remote ${name} is not a name with a URL`);
  }
  return { apiBaseURL: value.apiBaseURL.replace(/\/$/, ''), remotes: value.remotes as RemoteEntries };
}
