import { REMOTE_NAMES } from '@instalment/shared/pages';
import type { RemoteEntries } from './remotes';

/** A host's /config.json: where the API and each remote live. Re-pointing a remote is an edit of this file. */
export interface RuntimeConfig {
  apiBaseURL: string;
  remotes: RemoteEntries;
}

export function parseConfig(raw: unknown): RuntimeConfig {
  const value = raw as Partial<RuntimeConfig> | null;
  if (!value || typeof value.apiBaseURL !== 'string' || typeof value.remotes !== 'object' || !value.remotes) {
    throw new Error('config.json must name apiBaseURL and remotes');
  }
  for (const name of REMOTE_NAMES) {
    if (typeof value.remotes[name] !== 'string') throw new Error(`config.json names no URL for remote ${name}`);
  }
  return { apiBaseURL: value.apiBaseURL.replace(/\/$/, ''), remotes: value.remotes as RemoteEntries };
}
