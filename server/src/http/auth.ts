import { TOKEN_HEADER } from '@instalment/contract/api';
import type { FastifyRequest } from 'fastify';
import type { TokenService } from '../services/tokens';
import type { UserRow } from '../services/users';
import { Unauthorized } from './errors';
import { sentenceOf } from '../services/refusals';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on routes behind `auth.required`. */
    user: UserRow | null;
    token: string | null;
  }
}

/**
 * The `security` of a route that asks for the borrower's token only in some cases (it says which):
 * declared here, beside the token's check, so a route need not import the API document's code.
 */
export const BORROWER_SOMETIMES: Array<Record<string, string[]>> = [{}, { borrowerToken: [] }];

export interface Auth {
  /** onRequest hook (before the body is parsed or validated, so a caller without a token learns nothing else): a valid token or HTTP 401 (code 401), which makes the app clear its session. */
  required: (request: FastifyRequest) => Promise<void>;
  /** The user of the request's token, if it has a valid one. */
  identify: (request: FastifyRequest) => Promise<UserRow | null>;
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[TOKEN_HEADER];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : null;
}

export function createAuth(tokens: TokenService): Auth {
  const identify = async (request: FastifyRequest) => {
    const token = tokenOf(request);
    return token ? tokens.userOf(token) : null;
  };
  return {
    identify,
    required: async (request) => {
      const token = tokenOf(request);
      if (!token) throw new Unauthorized(sentenceOf('loginFirst'));
      const user = await tokens.userOf(token);
      if (!user) throw new Unauthorized(sentenceOf('loginExpired'));
      request.user = user;
      request.token = token;
      // Every write made for the request reads the session again (http/session-writes.ts).
      request.sessionCheck = async (tx) => {
        if (!(await tokens.heldUserOf(tx, token))) throw new Unauthorized(sentenceOf('loginExpired'));
      };
    },
  };
}

/** The signed-in user of a route behind `auth.required`. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw new Unauthorized();
  return request.user;
}
