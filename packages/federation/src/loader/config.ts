import { REMOTE_NAMES } from '@instalment/federation/pages';
import type { RemoteEntries } from './remotes';

/** A host's /config.json: where the API and each remote live. Re-pointing a remote is an edit of this file. */
export interface RuntimeConfig {
  apiBaseURL: string;
  remotes: RemoteEntries;
  /** The share of devices (0 … 1) that report what they draw (issue 51); all of them unless config.json says. */
  telemetrySample: number;
}

/** A federation container's name, as webpack's ModuleFederationPlugin takes it (`mf_help`). */
const CONTAINER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isUrl = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A remote's entry: its manifest's URL, or the canary form `{ stable, canary, percent }` (`RemoteRelease` of the contract). */
function checkRemote(name: string, entry: unknown): void {
  if (!CONTAINER_NAME.test(name)) throw new Error(`config.json's remote ${name} is not a name the federation runtime takes`);
  if (isUrl(entry)) return;
  if (!entry || typeof entry !== 'object') throw new Error(`config.json's remote ${name} is not a URL nor a canary beside its stable`);
  const { stable, canary, percent, ...other } = entry as Record<string, unknown>;
  const unknown = Object.keys(other);
  if (unknown.length)
    throw new Error(`config.json's remote ${name} names ${unknown.join(', ')}: a canary names stable, canary and percent only`);
  if (!isUrl(stable) || !isUrl(canary)) throw new Error(`config.json's remote ${name} needs the URLs of its stable and of its canary`);
  if (!Number.isInteger(percent) || (percent as number) < 0 || (percent as number) > 100) {
    throw new Error(`config.json's remote ${name} has a canary percent that is not a whole number from 0 to 100`);
  }
}

/**
 * The host's config: the repository's remotes must be there (SPEC §2's rows are theirs); any
 * other remote it names is loaded too, and publishes its own pages.
 */
export function parseConfig(raw: unknown): RuntimeConfig {
  const value = raw as Partial<Record<keyof RuntimeConfig, unknown>> | null;
  if (!value || typeof value.apiBaseURL !== 'string' || typeof value.remotes !== 'object' || !value.remotes) {
    throw new Error('config.json must name apiBaseURL and remotes');
  }
  const remotes = value.remotes as Record<string, unknown>;
  for (const name of REMOTE_NAMES) {
    if (!(name in remotes)) throw new Error(`config.json names no URL for remote ${name}`);
  }
  for (const [name, entry] of Object.entries(remotes)) checkRemote(name, entry);
  const sample = value.telemetrySample === undefined ? 1 : value.telemetrySample;
  if (typeof sample !== 'number' || !(sample >= 0 && sample <= 1))
    throw new Error("config.json's telemetrySample is not a share from 0 to 1");
  return { apiBaseURL: value.apiBaseURL.replace(/\/$/, ''), remotes: remotes as RemoteEntries, telemetrySample: sample };
}
