import type { errorResponseBuilderContext } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { sentenceIn } from './sentence';

/** Route options that cap one client address at `max` requests per `windowSeconds` (@fastify/rate-limit). */
export function perAddress(max: number, windowSeconds: number) {
  return { config: { rateLimit: { max, timeWindow: windowSeconds * 1000 } } };
}

/** The refusal past a limit: HTTP 429 in the API's envelope (the error handler wraps it). */
export function tooManyRequests(request: FastifyRequest, context: errorResponseBuilderContext) {
  return { statusCode: 429, message: sentenceIn(request, 'tooManyRequests', { minutes: Math.max(1, Math.ceil(context.ttl / 60_000)) }) };
}
