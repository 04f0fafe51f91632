import { REMOTE_NAMES, type RemoteName } from '@instalment/shared/pages';
import { takeEarly } from './early/handover';

/** /config.json: where the API and each remote live. Re-pointing a remote is an edit of this file. */
export interface RuntimeConfig {
  apiBaseURL: string;
  remotes: Record<RemoteName, string>;
}

export function parseConfig(raw: unknown): RuntimeConfig {
  const value = raw as Partial<RuntimeConfig> | null;
  if (!value || typeof value.apiBaseURL !== 'string' || typeof value.remotes !== 'object' || !value.remotes) {
    throw new Error('config.json must name apiBaseURL and remotes');
  }
  for (const name of REMOTE_NAMES) {
    if (typeof value.remotes[name] !== 'string') throw new Error(`config.json names no URL for remote ${name}`);
  }
  return { apiBaseURL: value.apiBaseURL.replace(/\/$/, ''), remotes: value.remotes as RuntimeConfig['remotes'] };
}

/**
 * Fetched fresh on every start (no-cache), so a re-pointed remote is seen on the next load; the
 * page's inline script has usually asked already.
 */
export async function loadConfig(): Promise<RuntimeConfig> {
  const fetchFresh = () => fetch('config.json', { cache: 'no-cache' });
  const early = takeEarly('config.json');
  // Only the inline script's request is asked again if it failed; our own failure is the answer.
  const response = await (early ? early.catch(fetchFresh) : fetchFresh());
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return parseConfig(await response.json());
}
