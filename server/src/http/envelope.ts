import { CODE_FAIL, CODE_OK, type Envelope } from '@instalment/shared/api';

/** FastAdmin's envelope; `time` is the answer's wall-clock time in epoch seconds. */
function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { code, msg, time: Math.floor(Date.now() / 1000), data };
}

/** `data` is the answer itself, never a promise of it (an await forgotten would answer `{}`). */
export function ok<T>(data: T extends PromiseLike<unknown> ? never : T, msg = 'ok'): Envelope<T> {
  return envelope(CODE_OK, msg, data);
}

/** A refusal: code 0 (or another code), a message a user can act on, and data only when the client acts on it. */
export function fail(msg: string, code: number = CODE_FAIL, data: unknown = null): Envelope<unknown> {
  return envelope(code, msg, data);
}
