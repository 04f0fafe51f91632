import type { TakeEarlyCall } from '@instalment/host-sdk/http';

declare global {
  interface Window {
    /** Requests started by the inline script of index.html (./inline.js), by URL. */
    __instalmentEarly?: Record<string, Promise<Response>>;
    /** Settles once that script has sent the manifests' requests (or given up on config.json). */
    __instalmentEarlyManifests?: Promise<void>;
    /** Set by that script when the opening route needs a session the device does not hold: the app opens on login. */
    __instalmentEarlySignIn?: boolean;
    /** Settles once that script has asked for the opening route's remote files (or could not). */
    __instalmentEarlyPreloads?: Promise<void>;
    /** The opening route's calls that script started, by name (callName of @instalment/host-sdk/http). */
    __instalmentEarlyCalls?: Record<string, EarlyCall>;
  }
}

/** An opening call the inline script started: with the token it carried, when (performance.now()). */
export interface EarlyCall {
  token: string;
  at: number;
  answer: Promise<Response>;
}

/**
 * How old an early answer may be when the page asks for it. The page asks as soon as its code has
 * run, seconds at most after the start; a page opened later (a tab switch back, a retry) asks afresh.
 */
export const EARLY_CALL_MAX_AGE_MS = 10_000;

/**
 * The answer the inline script already asked for, handed over once: a retry, or a reload of the
 * same remote later, fetches afresh. Undefined when the page had no such request.
 */
export function takeEarly(url: string): Promise<Response> | undefined {
  const pending = window.__instalmentEarly;
  const answer = pending?.[url];
  if (pending && answer) delete pending[url];
  return answer;
}

/**
 * A manifest's early answer. The inline script asks for the manifests only once it has read
 * config.json itself, which may be just after the shell has: waiting for it costs at most that
 * moment and saves a second request for every manifest.
 */
export async function takeEarlyManifest(url: string): Promise<Response | undefined> {
  await window.__instalmentEarlyManifests;
  return takeEarly(url);
}

/**
 * Settles once the inline script has asked for the opening route's remote files, or after
 * `atMostMs` (a manifest that does not answer must not hold the shell back). Evaluating the shell
 * keeps the page busy for a while; asked first, those files download meanwhile.
 */
export function openingPreloaded(atMostMs: number): Promise<void> {
  const issued = window.__instalmentEarlyPreloads;
  if (!issued) return Promise.resolve();
  return Promise.race([issued, new Promise<void>((resolve) => setTimeout(resolve, atMostMs))]);
}

/**
 * An opening call's early answer, taken once: only by a call of the same name sent with the same
 * token (a session that changed in between asks afresh), and only while it is fresh.
 */
export const takeEarlyCall: TakeEarlyCall = (name, token) => {
  const calls = window.__instalmentEarlyCalls;
  const call = calls?.[name];
  if (!calls || !call) return undefined;
  delete calls[name];
  if (call.token !== token || performance.now() - call.at > EARLY_CALL_MAX_AGE_MS) return undefined;
  return call.answer;
};
