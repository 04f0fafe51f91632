import fs from 'node:fs';
import path from 'node:path';
import { RELEASES_FOLDER } from '@instalment/contract/api';

/**
 * A remote's published releases on this machine: the folders of `<its dist>/releases/`, each a
 * build copied there unchanged, newest first by when it was published.
 */
export async function publishedReleases(dist: string | undefined): Promise<string[]> {
  if (!dist) return [];
  const folder = path.join(dist, RELEASES_FOLDER);
  const entries = await fs.promises.readdir(folder, { withFileTypes: true }).catch(() => []);
  const dated = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry) => ({ name: entry.name, at: (await fs.promises.stat(path.join(folder, entry.name))).mtimeMs })),
  );
  return dated.sort((a, b) => b.at - a.at || b.name.localeCompare(a.name)).map((release) => release.name);
}

/**
 * Removes a remote's published releases beyond the `keep` newest, but never one in `live` (named
 * by a host's config, or the stable a rollback would bring back): a borrower mid-session on it
 * still loads its chunks. Returns the releases removed.
 */
export async function prunePublished(dist: string | undefined, keep: number, live: ReadonlySet<string>): Promise<string[]> {
  if (!dist) return [];
  const removed = (await publishedReleases(dist)).slice(keep).filter((release) => !live.has(release));
  for (const release of removed) await fs.promises.rm(path.join(dist, RELEASES_FOLDER, release), { recursive: true, force: true });
  return removed;
}
