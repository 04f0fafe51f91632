import { ADMIN_ENDPOINTS, type LoanStatus, type PaymentStatus } from '@instalment/contract/api';
import {
  AuditExportQuery,
  CsvFile,
  DailyReportQuery,
  LoanExportQuery,
  LoanStatus as LoanStatusSchema,
  PaymentExportQuery,
  PaymentStatus as PaymentStatusSchema,
} from '@instalment/contract/api/schemas';
import { Value } from '@sinclair/typebox/value';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { localeOf } from '../../http/sentence';
import { auditFilterOf } from '../../services/audit-targets';
import { csvStream } from '../../services/csv';
import { csvHeaderIn } from '../../services/csv-headers';
import type { CsvExport, ExportKind, Exports } from '../../services/exports';
import { Refusal } from '../../services/refusals';
import type { ApiInstance } from '../deps';
import { consoleRoute, statusOf, type ConsoleDeps } from './act';
import { LIST_ORDERS, spanOf } from './lists';
import { dailyReportTarget } from './reports';

const csvAnswer = { 200: CsvFile };

/**
 * An export refused by the operator's export limit: HTTP 429 in the operator's language, as the
 * API's rate limits answer (the console shows a refusal of any other status as a failed download,
 * where a 200 envelope would be saved as the file), and like them not filed in the audit.
 */
class ExportLimited extends Error {
  readonly statusCode = 429;
}

/**
 * A CSV download, streamed as its rows are read, in the operator's one export slot, which is let
 * go when the answer ends (written whole or dropped by the client); its audit row was filed by
 * the guard as the answer began.
 */
async function sendCsv(request: FastifyRequest, reply: FastifyReply, exports: Exports, kind: ExportKind, file: CsvExport, days?: string) {
  const slot = await exports.begin(operatorOf(request)).catch((error: unknown) => {
    throw error instanceof Refusal ? new ExportLimited(error.sentence(localeOf(request))) : error;
  });
  reply.raw.once('close', () => slot.release());
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${exports.fileName(kind, days)}"`)
    .header('Cache-Control', 'no-store')
    .send(csvStream(csvHeaderIn(file.header, localeOf(request)), file.pages));
}

/** The console's CSV exports: each with its list's filters and permission, audited as `export.<kind>`. */
export function consoleExportRoutes(app: ApiInstance, { services: { exports, reports }, config }: ConsoleDeps): void {
  const zone = config.businessTimezone;
  app.get(
    ADMIN_ENDPOINTS.exportLoans,
    { ...consoleRoute('export.loans', 'loans', () => 'loans'), schema: { querystring: LoanExportQuery, response: csvAnswer } },
    async (request, reply) => {
      const status = statusOf<LoanStatus>(request.query.status, (value) => Value.Check(LoanStatusSchema, value));
      const file = exports.loans(
        operatorOf(request).roles,
        { status, search: request.query.q },
        spanOf(request.query, LIST_ORDERS.loans, zone),
      );
      return sendCsv(request, reply, exports, 'loans', file);
    },
  );
  app.get(
    ADMIN_ENDPOINTS.exportPayments,
    { ...consoleRoute('export.payments', 'vouchers', () => 'payments'), schema: { querystring: PaymentExportQuery, response: csvAnswer } },
    async (request, reply) => {
      const status = statusOf<PaymentStatus>(request.query.status, (value) => Value.Check(PaymentStatusSchema, value));
      return sendCsv(request, reply, exports, 'payments', exports.payments(status, spanOf(request.query, LIST_ORDERS.payments, zone)));
    },
  );
  app.get(
    ADMIN_ENDPOINTS.exportOverdue,
    { ...consoleRoute('export.overdue', 'loans', () => 'reports:overdue'), schema: { response: csvAnswer } },
    async (request, reply) => sendCsv(request, reply, exports, 'overdue', exports.overdue(operatorOf(request).roles)),
  );
  app.get(
    ADMIN_ENDPOINTS.exportDailyReport,
    { ...consoleRoute('export.daily', 'reports', dailyReportTarget), schema: { querystring: DailyReportQuery, response: csvAnswer } },
    async (request, reply) => {
      // Read whole before the file begins: a range refused is answered as a refusal, not as a broken file.
      const report = await reports.range(request.query);
      const days = report.from === report.to ? report.from : `${report.from}-${report.to}`;
      return sendCsv(request, reply, exports, 'daily', exports.daily(report), days);
    },
  );
  app.get(
    ADMIN_ENDPOINTS.exportAudit,
    { ...consoleRoute('export.audit', 'audit', () => 'audit'), schema: { querystring: AuditExportQuery, response: csvAnswer } },
    async (request, reply) => {
      const filter = await auditFilterOf(app.store, request.query);
      const file = exports.audit(filter, spanOf(request.query, LIST_ORDERS.audit, zone), localeOf(request));
      return sendCsv(request, reply, exports, 'audit', file);
    },
  );
}
