import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/** This server's absolute URL as the caller reached it (or as configured behind a proxy). */
export function baseUrlOf(request: FastifyRequest, config: AppConfig): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}
