import { releaseOf } from '@instalment/contract/api';
import { Refusal, sentenceOf } from '../refusals';

/** How long a release's manifest may take to answer before the release is refused as not answering. */
const MANIFEST_TIMEOUT_MS = 5_000;

/** The host SDK's modules, shared by every host and remote: one major across them all. */
const HOST_SDK = '@instalment/host-sdk/';

interface Shared {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
}

const sharedOf = (manifest: unknown): Shared[] => {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  return Array.isArray(shared) ? (shared as Shared[]) : [];
};

/** The major of a version or a range (`1.4.2`, `^1.0.0`, `~2.1`); null when it names none. */
const majorOf = (version: unknown): number | null => {
  const match = typeof version === 'string' ? /(\d+)/.exec(version) : null;
  return match ? Number(match[1]) : null;
};

/** The host SDK major a host runs: its own manifest's shared `@instalment/host-sdk/host` version. */
export function hostSdkMajor(hostManifest: unknown): number | null {
  return majorOf(sharedOf(hostManifest).find((entry) => entry.name === `${HOST_SDK}host`)?.version);
}

async function manifestAt(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
    return response.status === 200 ? await response.json() : null;
  } catch {
    return null;
  }
}

/**
 * Refuses a release whose manifest does not answer 200 with the remote's manifest, or whose host
 * SDK (any shared `@instalment/host-sdk/*`) is of another major than the hosts run: its pages
 * would meet a host whose session, HTTP client and locale they do not know.
 */
export async function checkRelease(remote: string, url: string, hostMajor: number | null): Promise<void> {
  const release = releaseOf(url);
  const manifest = await manifestAt(url);
  if (manifest === null || typeof manifest !== 'object') throw new Refusal(sentenceOf('releaseNotAnswering', { remote, release, url }));
  const name = (manifest as { name?: unknown }).name;
  if (name !== remote) throw new Refusal(sentenceOf('releaseWrongRemote', { url, remote, name: String(name) }));
  if (hostMajor === null) return;
  const needed = sharedOf(manifest)
    .filter((entry) => typeof entry.name === 'string' && entry.name.startsWith(HOST_SDK))
    .map((entry) => majorOf(entry.requiredVersion ?? entry.version))
    .find((major) => major !== null && major !== hostMajor);
  if (needed !== undefined && needed !== null)
    throw new Refusal(sentenceOf('releaseSdkMismatch', { remote, release, found: `${needed}.x`, expected: `${hostMajor}.x` }));
}
