import type { Static } from '@sinclair/typebox';
import {
  ADMIN_ENDPOINTS,
  adminPath,
  type Approval,
  type ApprovalAsked,
  type AuditEntry,
  type DailyReportQuery,
  type EditableSetting,
  type Listing,
  type Settings,
  type StaffArticle,
  type StaffLoan,
  type StaffPayment,
  type StaffVoucher,
} from './admin';
import type * as catalogue from './schemas/catalogue';
import type * as lists from './schemas/console-lists';
import type { CallOptions, HttpClient, UploadOptions } from './transport';
import type { UploadedFile } from './types/upload';

/**
 * The console's list calls, typed by their query schemas (`schemas/console-lists.ts`), so that
 * no page builds a query string by hand; and the links of the CSV exports.
 */
export type LoanListQuery = Static<typeof lists.LoanListQuery>;
export type VoucherListQuery = Static<typeof lists.VoucherListQuery>;
export type PaymentListQuery = Static<typeof lists.PaymentListQuery>;
export type ConsoleStatusQuery = Static<typeof lists.ConsoleStatusQuery>;
export type AuditListQuery = Static<typeof lists.AuditListQuery>;
export type LoanExportQuery = Static<typeof lists.LoanExportQuery>;
export type PaymentExportQuery = Static<typeof lists.PaymentExportQuery>;
export type AuditExportQuery = Static<typeof lists.AuditExportQuery>;

export const consoleLoans = (http: HttpClient, query: LoanListQuery = {}, options?: CallOptions) =>
  http.get<Listing<StaffLoan>>(ADMIN_ENDPOINTS.loans, query, options);

export const consoleVouchers = (http: HttpClient, query: VoucherListQuery = {}, options?: CallOptions) =>
  http.get<Listing<StaffVoucher>>(ADMIN_ENDPOINTS.vouchers, query, options);

export const consolePayments = (http: HttpClient, query: PaymentListQuery = {}, options?: CallOptions) =>
  http.get<Listing<StaffPayment>>(ADMIN_ENDPOINTS.payments, query, options);

export const consoleApprovals = (http: HttpClient, query: ConsoleStatusQuery = {}, options?: CallOptions) =>
  http.get<Listing<Approval>>(ADMIN_ENDPOINTS.approvals, query, options);

export const consoleNews = (http: HttpClient, query: ConsoleStatusQuery = {}, options?: CallOptions) =>
  http.get<Listing<StaffArticle>>(ADMIN_ENDPOINTS.newsList, query, options);

/** A news cover image, stored for a draft: its `url` goes in the draft, `fullurl` previews it. */
export function uploadNewsCover(http: HttpClient, file: Blob, filename: string, options?: UploadOptions) {
  const form = new FormData();
  form.append('file', file, filename);
  return http.upload<UploadedFile>(ADMIN_ENDPOINTS.newsCover, form, options);
}

export const consoleAudit = (http: HttpClient, query: AuditListQuery = {}, options?: CallOptions) =>
  http.get<Listing<AuditEntry>>(ADMIN_ENDPOINTS.audit, query, options);

/** What each export takes: the filters of the list it exports (the overdue report has none). */
export interface ExportQueries {
  loans: LoanExportQuery;
  payments: PaymentExportQuery;
  overdue: Record<string, never>;
  audit: AuditExportQuery;
  daily: DailyReportQuery;
}
export type ExportKind = keyof ExportQueries;

const EXPORT_PATHS: Record<ExportKind, string> = {
  loans: ADMIN_ENDPOINTS.exportLoans,
  payments: ADMIN_ENDPOINTS.exportPayments,
  overdue: ADMIN_ENDPOINTS.exportOverdue,
  audit: ADMIN_ENDPOINTS.exportAudit,
  daily: ADMIN_ENDPOINTS.exportDailyReport,
};

/** The path of a CSV export with the list's filters; empty filters are left out. */
export function exportPath<K extends ExportKind>(kind: K, query: ExportQueries[K]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${EXPORT_PATHS[kind]}?${search}` : EXPORT_PATHS[kind];
}

/** What a setting's change sends: the rates as kept (each term without the APR that follows from it), the channels, the account. */
export interface SettingValues {
  loan_rates: Static<typeof catalogue.StoredRates>;
  payment_channels: Settings['payment_channels'];
  bank_info: Settings['bank_info'];
}

/** POST /admin/api/settings/:key: the answer is the approval a second operator decides on. */
export const askSettingChange = <K extends EditableSetting>(http: HttpClient, key: K, value: SettingValues[K], options?: CallOptions) =>
  http.post<ApprovalAsked>(adminPath(ADMIN_ENDPOINTS.setting, { key }), { value }, options);
