import { type Envelope, isEnvelope, isSuccess } from '@instalment/contract/api';

/**
 * The answer to a GET the host page started before any bundle ran (a page's opening calls, from
 * the shell's index.html), by the call's name and the token it was sent with; undefined when
 * there is none to take. Each answer is taken once.
 */
export type TakeEarlyCall = (name: string, token: string) => Promise<Response> | undefined;

/**
 * A GET's name: its path and its parameters in name order (`/api/news/index?limit=10&page=1`),
 * as the host page's inline script names the calls it starts (shell/src/early/inline.js).
 */
export function callName(path: string, params?: unknown): string {
  const entries = Object.entries((params ?? {}) as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]): [string, string] => [key, String(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(entries).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The early answer's envelope when it is a success that arrives within `timeoutMs`; otherwise
 * nothing, and the call is sent as usual (a failure then says what it says in the reader's language).
 */
export async function earlySuccess<T>(answer: Promise<Response>, timeoutMs: number): Promise<Envelope<T> | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    const response = await Promise.race([answer, late]);
    if (!response?.ok) return undefined;
    const body: unknown = await response.json();
    return isEnvelope(body) && isSuccess(body) ? (body as Envelope<T>) : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
