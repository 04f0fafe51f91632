import { CODE_FAIL, CODE_OK, type Envelope } from '@instalment/contract/api';

/** FastAdmin's envelope as this server sends it: `time` is always the answer's epoch seconds. */
export type SentEnvelope<T> = Envelope<T> & { time: number };

function envelope<T>(code: number, msg: string, data: T): SentEnvelope<T> {
  return { code, msg, time: Math.floor(Date.now() / 1000), data };
}

/** `data` is the answer itself, never a promise of it (an await forgotten would answer `{}`). */
export function ok<T>(data: T extends PromiseLike<unknown> ? never : T, msg = 'ok'): SentEnvelope<T> {
  return envelope(CODE_OK, msg, data);
}

/** A refusal: code 0 (or another code), a message a user can act on, and data only when the client acts on it. */
export function fail(msg: string, code: number = CODE_FAIL, data: unknown = null): SentEnvelope<unknown> {
  return envelope(code, msg, data);
}
