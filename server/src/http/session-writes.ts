import type { FastifyInstance } from 'fastify';
import { checkingWrites, type WriteCheck } from '../db/store';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * How the request's session is read again inside each write made for it (set by the hook
     * that let the request in: a borrower's token, an operator's token and the route's permission).
     */
    sessionCheck: WriteCheck | null;
  }
}

/**
 * Authority is checked when a request's headers arrive (onRequest), before its body, which may
 * come much later; what the request does is done after. A session that ended meanwhile (the
 * account closed, the operator disabled or stripped of the role, the token revoked) must not
 * act. Checking again once the body is in (preHandler) would still leave the handler's own time,
 * in which a disabling may commit; so the session is read again inside every write the handler
 * makes, in the write's transaction and under its locks (`checkingWrites`), where a disabling
 * committed before is seen and one committed after waits for the write. Every service that
 * writes is covered without knowing of requests.
 *
 * The hook takes a callback, not a promise: the handler is called from `done`, so it and all it
 * awaits run inside `checkingWrites`; a promise's continuation is not reliably in the same context.
 */
export function sessionChecksInWrites(app: FastifyInstance): void {
  app.decorateRequest('sessionCheck', null);
  app.addHook('preHandler', (request, _reply, done) => {
    const check = request.sessionCheck;
    if (check) checkingWrites(check, done);
    else done();
  });
}
