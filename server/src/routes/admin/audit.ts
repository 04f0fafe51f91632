import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import { AuditEntry, AuditListQuery, envelopeOf, Listing } from '@instalment/contract/api/schemas';
import { localeOf } from '../../http/sentence';
import { reasonIn } from '../../services/audit-reasons';
import { auditFilterOf } from '../../services/audit-targets';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';
import { LIST_ORDERS, listWindowOf } from './lists';

/** The audit log, newest first, refusals' reasons in the reader's language, of everything or of some operators, one thing (a loan, a borrower, an article), one action, some days; reads folded when asked. */
export function consoleAuditRoutes(app: ApiInstance, { services: { audit }, config, read }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.audit,
    {
      ...consoleRoute('audit.read', 'audit', () => 'audit'),
      schema: { querystring: AuditListQuery, response: { 200: envelopeOf(Listing(AuditEntry)) } },
    },
    async (request) => {
      const window = listWindowOf(request.query, LIST_ORDERS.audit, config.businessTimezone);
      const filter = await auditFilterOf(app.store, request.query);
      const page = await audit.page(filter, window, request.query.reads);
      const locale = localeOf(request);
      const list = page.list.map((entry) => (entry.reason === null ? entry : { ...entry, reason: reasonIn(entry.reason, locale) }));
      return read(request, { ...page, list }, request.query.target || undefined);
    },
  );
}
