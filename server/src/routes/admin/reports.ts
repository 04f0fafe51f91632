import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import { DailyReportQuery, DailyReportRange, envelopeOf } from '@instalment/contract/api/schemas';
import type { FastifyRequest } from 'fastify';
import type { ApiInstance } from '../deps';
import { consoleRoute, type ConsoleDeps } from './act';

/** What a daily report's request is about, as the audit files it: `reports:daily:<from>..<to>` (one day: `reports:daily:<date>`). */
export function dailyReportTarget(request: FastifyRequest): string {
  const { date, from, to } = request.query as Record<string, unknown>;
  return from === undefined && to === undefined
    ? `reports:daily:${String(date)}`
    : `reports:daily:${String(from ?? to)}..${String(to ?? from)}`;
}

/** Reports of money across all loans, for whoever closes or checks the books (`reports`). */
export function consoleReportRoutes(app: ApiInstance, { services: { reports }, read }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.dailyReport,
    {
      ...consoleRoute('reports.daily', 'reports', dailyReportTarget),
      schema: { querystring: DailyReportQuery, response: { 200: envelopeOf(DailyReportRange) } },
    },
    async (request) => read(request, await reports.range(request.query)),
  );
}
