import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../settings/config';

const WILDCARDS = new Set(['0.0.0.0', '::']);
/** A listening server's own URL: its address does not change, and asking the socket for it is a system call. */
const listening = new WeakMap<object, string>();

/**
 * This server's absolute URL: PUBLIC_URL, or else the address and port it is bound to. Never the
 * request's Host header, which the caller writes: links in answers would point where it says.
 */
export function baseUrlOf(request: FastifyRequest, config: AppConfig): string {
  if (config.publicUrl) return config.publicUrl;
  const server = request.server.server;
  const known = listening.get(server);
  if (known) return known;
  const bound = server.address();
  const address = bound !== null && typeof bound === 'object' ? bound.address : config.host;
  const port = bound !== null && typeof bound === 'object' ? bound.port : config.port;
  const host = WILDCARDS.has(address) ? 'localhost' : address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  if (bound !== null) listening.set(server, url);
  return url;
}
