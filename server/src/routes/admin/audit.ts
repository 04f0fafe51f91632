import { ADMIN_ENDPOINTS } from '@instalment/shared/api';
import { AuditEntry, AuditQuery, envelopeOf } from '@instalment/shared/api/schemas';
import { Type } from '@sinclair/typebox';
import type { ApiInstance } from '../deps';
import { consoleRoute, windowOf, type ConsoleDeps } from './act';

/** The audit log, newest first, of everything or of one target (a loan, a user, an article). */
export function consoleAuditRoutes(app: ApiInstance, { services: { audit }, look }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.audit,
    {
      ...consoleRoute('audit.read', 'audit', () => 'audit'),
      schema: { querystring: AuditQuery, response: { 200: envelopeOf(Type.Array(AuditEntry)) } },
    },
    async (request) => {
      const target = request.query.target || undefined;
      return look(request, await audit.list({ target, ...windowOf(request.query) }), target);
    },
  );
}
