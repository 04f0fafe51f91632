import type { FastifyRequest } from 'fastify';
import type { Operator, OperatorService } from '../services/operators';
import { Unauthorized } from './errors';
import { sentenceOf } from '../services/refusals';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator on routes behind the console's `required`. */
    operator: Operator | null;
    operatorToken: string | null;
  }
}

/** `Authorization: Bearer <token>`: the console's header, never the borrowers' `token`. */
function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
}

/** onRequest hook of every console route but login: an operator's live token or HTTP 401. */
export function createAdminAuth(operators: OperatorService) {
  return {
    required: async (request: FastifyRequest) => {
      const token = bearerOf(request);
      const operator = token ? await operators.authenticate(token) : null;
      if (!operator) throw new Unauthorized(sentenceOf('operatorLoginFirst'));
      request.operator = operator;
      request.operatorToken = token;
    },
  };
}

/** The operator of a route behind `required`. */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Unauthorized(sentenceOf('operatorLoginFirst'));
  return request.operator;
}
