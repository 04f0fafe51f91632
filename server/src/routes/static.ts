import { Type } from '@sinclair/typebox';
import { envelopeOf, FileBytes, FileMissing, Health, NotReady, Text, WORD_MAX } from '@instalment/contract/api/schemas';
import type { RoutePlugin } from './deps';
import { fail, ok } from '../http/envelope';
import { illustrationSvg } from '../static/images';

/** The news illustrations, and the health checks of scripts and load balancers. */
export const staticRoutes: RoutePlugin = async (app) => {
  app.get(
    '/static/news/:file',
    { schema: { params: Type.Object({ file: Text(WORD_MAX) }), response: { 200: FileBytes, 404: FileMissing } } },
    async (request, reply) => {
      const match = /^([a-z]+)\.svg$/.exec(request.params.file);
      const svg = match ? illustrationSvg(match[1]) : null;
      if (!svg) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Cache-Control', 'public, max-age=86400')
        .send(svg);
    },
  );

  const up = async () => ok({ status: 'up' as const });
  app.get('/health', { schema: { response: { 200: envelopeOf(Health) } } }, up);
  app.get('/health/live', { schema: { response: { 200: envelopeOf(Health) } } }, up);
  app.get('/health/ready', { schema: { response: { 200: envelopeOf(Health), 503: envelopeOf(NotReady) } } }, async (_request, reply) => {
    const problems = await app.readiness.problems();
    if (problems.length === 0) return ok({ status: 'up' as const });
    return reply.code(503).send({ ...fail(`not ready: ${problems.join(', ')}`), data: { status: 'not_ready' as const, problems } });
  });
};
