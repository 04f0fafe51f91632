import { isCanary, releaseOf, stableUrl, type RemoteRelease } from '@instalment/contract/api';
import type { ContainerName } from '@instalment/federation/pages';
import { deviceId, sideOf, type Side } from './assignment';

/** The release a remote draws on this device, as its reports name it (issue 51). */
export interface DeviceRelease {
  /** The release's name, from its manifest's URL (`releaseOf`). */
  release: string;
  /** The side of the remote's canary this device is on; `stable` while the remote has no canary. */
  side: Side;
  /** On the canary, which failed to load here: the device draws stable for the rest of the session. */
  fallback: boolean;
  /** The manifest's URL the remote is registered with. */
  url: string;
}

/** What the telemetry collector hears: a load that ended in the error view, a canary given up for stable. */
export type RemoteEvent =
  | { type: 'load-failed'; remote: ContainerName; module: string; error: unknown }
  | { type: 'fallback'; remote: ContainerName; from: string; to: string };

/**
 * Canaries this device gave up in this session (sessionStorage), by remote: the canary's URL, so
 * that a new canary named later is tried again.
 */
export const FALLBACKS_KEY = 'releaseFallbacks';

const drawn = new Map<ContainerName, DeviceRelease & { stable: string }>();
const listeners = new Set<(event: RemoteEvent) => void>();

function fallbacks(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(FALLBACKS_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * Chooses the release each remote draws on this device: its only one, or the side of its canary
 * the device is on, stable when this session already gave that canary up. Answers the URL to
 * register for each remote.
 */
export function drawReleases(entries: Record<ContainerName, RemoteRelease>): Record<ContainerName, string> {
  drawn.clear();
  const given = fallbacks();
  const device = deviceId();
  const urls: Record<ContainerName, string> = {};
  for (const [remote, entry] of Object.entries(entries)) {
    const stable = stableUrl(entry);
    const canary = isCanary(entry) && sideOf(device, remote, entry.percent) === 'canary' ? entry.canary : null;
    const fallback = canary !== null && given[remote] === canary;
    const url = canary && !fallback ? canary : stable;
    drawn.set(remote, { release: releaseOf(url), side: canary ? 'canary' : 'stable', fallback, url, stable });
    urls[remote] = url;
  }
  return urls;
}

/** The manifest's URL a remote is registered with now. */
export const drawnUrl = (remote: ContainerName): string | undefined => drawn.get(remote)?.url;

/** Tells every listener; one that throws does not stop the load it hears of. */
export function tell(event: RemoteEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error(error);
    }
  }
}

/**
 * A canary that failed to load gives way to stable on this device, for the rest of the session,
 * and says so. False when the remote was not drawing a canary: nothing changes.
 */
export function fallBack(remote: ContainerName): boolean {
  const now = drawn.get(remote);
  if (!now || now.side !== 'canary' || now.fallback) return false;
  drawn.set(remote, { ...now, release: releaseOf(now.stable), fallback: true, url: now.stable });
  try {
    sessionStorage.setItem(FALLBACKS_KEY, JSON.stringify({ ...fallbacks(), [remote]: now.url }));
  } catch {
    // A browser that keeps nothing tries the canary again on its next start, and falls back again.
  }
  tell({ type: 'fallback', remote, from: now.release, to: releaseOf(now.stable) });
  return true;
}

/** The release `remote` draws on this device; undefined for a remote no config.json named. */
export function remoteRelease(remote: ContainerName): DeviceRelease | undefined {
  const now = drawn.get(remote);
  return now && { release: now.release, side: now.side, fallback: now.fallback, url: now.url };
}

/**
 * The remote whose drawn release a file belongs to (a stack frame's file): its files are beside
 * its manifest (`publicPath: 'auto'`). The longest such folder wins, for remotes served from
 * folders of one origin. URLs are resolved as the federation runtime resolves a relative entry.
 */
export function remoteOfFile(fileUrl: string): ContainerName | undefined {
  let found: ContainerName | undefined;
  let longest = 0;
  for (const [remote, { url }] of drawn) {
    const folder = new URL(url, window.location.origin).href.split('?')[0].replace(/mf-manifest\.json$/, '');
    if (fileUrl.startsWith(folder) && folder.length > longest) {
      found = remote;
      longest = folder.length;
    }
  }
  return found;
}

/** Hears each remote event from now on; the answer stops hearing. */
export function onRemoteEvent(listener: (event: RemoteEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
