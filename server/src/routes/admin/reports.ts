import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import { DailyReport, DailyReportQuery, envelopeOf } from '@instalment/contract/api/schemas';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';

/** Reports of money across all loans, for whoever reads the overdue report. */
export function consoleReportRoutes(app: ApiInstance, { services: { reports }, look }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.dailyReport,
    {
      ...consoleRoute('reports.daily', 'loans', (request) => `reports:daily:${String((request.query as { date?: unknown }).date)}`),
      schema: { querystring: DailyReportQuery, response: { 200: envelopeOf(DailyReport) } },
    },
    async (request) => look(request, await reports.of(request.query.date)),
  );
}
