import type { FastifyInstance } from 'fastify';

/**
 * How long a request's body may take to arrive, from its headers to its last byte. The largest
 * bodies are uploads, which the app sends in 512 KiB chunks (packages/ui upload/chunked.ts): at
 * this limit that is 17 KiB/s, slower than any mobile network still in use, and JSON bodies are
 * at most 256 KiB. A whole 10 MiB proof sent unchunked needs 350 KiB/s.
 */
export const BODY_TIMEOUT_MS = 30_000;

/**
 * Closes the connection of a request whose body has not fully arrived `ms` after its headers:
 * the request is never handled. A deadline for the body alone, which Node's own settings are
 * not: `requestTimeout` was seen not to cut off a body held after its headers (Fastify 5, Node
 * 20); `connectionTimeout` is a silence on the socket, which a body sent a byte at a time never
 * reaches and a handler slow to answer (an export, a gateway's answer) does. The clock runs only
 * while a body is awaited: a connection kept alive between requests (`keepAliveTimeout`) and an
 * answer streaming out are not touched.
 */
export function bodyDeadline(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const hasBody = raw.headers['content-length'] !== undefined || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) return done();
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.info({ route: request.routeOptions.url, afterMs: ms }, 'request body late: connection closed');
      raw.socket.destroy();
    }, ms);
    // A closed connection needs no deadline, and a pending one must not keep a stopping process alive.
    timer.unref();
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
