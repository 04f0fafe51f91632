import type { Static } from '@sinclair/typebox';
import type * as schema from './schemas';
import type { CallOptions, HttpClient } from './transport';
import { ADMIN_ENDPOINTS, adminPath } from './admin';

export type RemoteRelease = Static<typeof schema.RemoteRelease>;
export type CanaryRelease = Static<typeof schema.CanaryRelease>;
export type ReleaseChange = Static<typeof schema.ReleaseChange>;
export type ReleaseFigures = Static<typeof schema.ReleaseFigures>;
export type ReleaseError = Static<typeof schema.ReleaseError>;
export type RemoteReleases = Static<typeof schema.RemoteReleases>;
export type ReleasesView = Static<typeof schema.ReleasesView>;
export type ReleaseAction = Static<typeof schema.ReleaseAction>;

/** The folder a remote's origin serves its published releases under: `<origin>/releases/<name>/`. */
export const RELEASES_FOLDER = 'releases';

const RELEASE_IN_URL = new RegExp(`/${RELEASES_FOLDER}/([A-Za-z0-9][A-Za-z0-9._-]{0,39})/mf-manifest\\.json$`);

/** The release a manifest URL names (`…/releases/1.5.0/mf-manifest.json` → `1.5.0`); `unversioned` for a build served at its origin's root. */
export function releaseOf(manifestUrl: string): string {
  return RELEASE_IN_URL.exec(manifestUrl.split('?')[0])?.[1] ?? 'unversioned';
}

/** A release's manifest URL beside another of the same remote (same origin and folder layout). */
export function releaseUrl(besideUrl: string, release: string): string {
  const base = besideUrl
    .split('?')[0]
    .replace(RELEASE_IN_URL, '')
    .replace(/\/mf-manifest\.json$/, '');
  return `${base}/${RELEASES_FOLDER}/${release}/mf-manifest.json`;
}

/** Whether a config entry is the canary form. */
export const isCanary = (entry: RemoteRelease): entry is CanaryRelease => typeof entry !== 'string';

/** The stable release's URL of a config entry. */
export const stableUrl = (entry: RemoteRelease): string => (isCanary(entry) ? entry.stable : entry);

/**
 * When a canary is stopped by itself: over at least `minViews` of its latest views, its errors
 * per view exceed its stable's by `factor` times and by at least `floor` (absolute, 0.01 = 1 per
 * 100 views). The API applies it; the Releases screen says it.
 */
export const CANARY_ABORT = { minViews: 200, factor: 2, floor: 0.01 } as const;

/** The Releases screen: each remote's stable and canary, their last hour, their history. */
export const releases = (http: HttpClient, options?: CallOptions) => http.get<ReleasesView>(ADMIN_ENDPOINTS.releases, undefined, options);

/** Releases, promotes or rolls back a remote (audited, like every console action). */
export const actOnRelease = (http: HttpClient, remote: string, action: ReleaseAction, options?: CallOptions) =>
  http.post<ReleasesView>(adminPath(ADMIN_ENDPOINTS.releaseAction, { remote }), action, options);
