import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import { AuditEntry, AuditListQuery, envelopeOf, Listing } from '@instalment/contract/api/schemas';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';
import { LIST_ORDERS, listWindowOf } from './lists';

/** The audit log, newest first, of everything or of one operator, one target (a loan, a user, an article), some days. */
export function consoleAuditRoutes(app: ApiInstance, { services: { audit }, config, look }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.audit,
    {
      ...consoleRoute('audit.read', 'audit', () => 'audit'),
      schema: { querystring: AuditListQuery, response: { 200: envelopeOf(Listing(AuditEntry)) } },
    },
    async (request) => {
      const target = request.query.target || undefined;
      const window = listWindowOf(request.query, LIST_ORDERS.audit, config.businessTimezone);
      return look(request, await audit.page({ target, operator: request.query.operator || undefined }, window), target);
    },
  );
}
