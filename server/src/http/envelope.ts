import { CODE_FAIL, CODE_OK, type Envelope } from '@instalment/contract/api';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';

/** Every envelope's type: without the charset a client that does not sniff reads Chinese as Latin-1. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** FastAdmin's envelope as this server sends it: `time` is always the answer's epoch seconds. */
export type SentEnvelope<T> = Envelope<T> & { time: number };

const nowSeconds = () => Math.floor(Date.now() / 1000);

function envelope<T>(code: number, msg: string, data: T): SentEnvelope<T> {
  return { code, msg, time: nowSeconds(), data };
}

/** `data` is the answer itself, never a promise of it (an await forgotten would answer `{}`). */
export function ok<T>(data: T extends PromiseLike<unknown> ? never : T, msg = 'ok'): SentEnvelope<T> {
  return envelope(CODE_OK, msg, data);
}

/** A refusal: code 0 (or another code), a message a user can act on, and data only when the client acts on it. */
export function fail(msg: string, code: number = CODE_FAIL, data: unknown = null): SentEnvelope<unknown> {
  return envelope(code, msg, data);
}

/**
 * `ok(answer)` sent as JSON, for a route whose service keeps its answers and hands back the same
 * object while one holds (services/answer-cache.ts): the answer is written by its schema once,
 * and only the envelope around it on each request. A string of JSON type is sent as it is.
 */
export function keptAnswers<S extends TSchema>(schema: S): (reply: FastifyReply, answer: Static<S> & object) => FastifyReply {
  const written = new WeakMap<object, string>();
  return (reply, answer) => {
    let json = written.get(answer);
    if (json === undefined) {
      json = reply.compileSerializationSchema(schema)(answer as Record<string, unknown>);
      written.set(answer, json);
    }
    return reply.type(JSON_TYPE).send(`{"code":${CODE_OK},"msg":"ok","time":${nowSeconds()},"data":${json}}`);
  };
}
