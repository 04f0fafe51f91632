import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

const WILDCARDS = new Set(['0.0.0.0', '::']);

/**
 * This server's absolute URL: PUBLIC_URL, or else the address and port it is bound to. Never the
 * request's Host header, which the caller writes: links in answers would point where it says.
 */
export function baseUrlOf(request: FastifyRequest, config: AppConfig): string {
  if (config.publicUrl) return config.publicUrl;
  const bound = request.server.server.address();
  const address = bound !== null && typeof bound === 'object' ? bound.address : config.host;
  const port = bound !== null && typeof bound === 'object' ? bound.port : config.port;
  const host = WILDCARDS.has(address) ? 'localhost' : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}`;
}
