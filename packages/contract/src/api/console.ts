import type { Static } from '@sinclair/typebox';
import {
  ADMIN_ENDPOINTS,
  adminPath,
  type Approval,
  type ApprovalAsked,
  type ArticleState,
  type AuditEntry,
  type BorrowerMatches,
  type DailyReportQuery,
  type EditableSetting,
  type Listing,
  type LoanDecided,
  type LoanPayee,
  type NewsDraft,
  type OverdueLoan,
  type Queues,
  type Settings,
  type ConsoleArticle,
  type ConsoleBorrower,
  type ConsoleLoan,
  type ConsoleLoanView,
  type ConsolePayment,
  type ConsoleProof,
  type ProofDecided,
} from './admin';
import type { AutopayRun, ConsoleAutopay } from './autopay';
import type { ApprovalDecided } from './operator-accounts';
import type * as requests from './schemas/admin';
import type * as catalogue from './schemas/catalogue';
import type * as lists from './schemas/console-lists';
import type { CallOptions, Downloaded, HttpClient, UploadOptions } from './transport';
import type { LoanRejection } from './underwriting';
import type { UploadedFile } from './types/upload';

/**
 * The console's list calls, typed by their query schemas (`schemas/console-lists.ts`), so that
 * no page builds a query string by hand; and the links of the CSV exports.
 */
export type LoanListQuery = Static<typeof lists.LoanListQuery>;
export type ProofListQuery = Static<typeof lists.ProofListQuery>;
export type PaymentListQuery = Static<typeof lists.PaymentListQuery>;
export type ConsoleStatusQuery = Static<typeof lists.ConsoleStatusQuery>;
export type AuditListQuery = Static<typeof lists.AuditListQuery>;
export type LoanExportQuery = Static<typeof lists.LoanExportQuery>;
export type PaymentExportQuery = Static<typeof lists.PaymentExportQuery>;
export type AuditExportQuery = Static<typeof lists.AuditExportQuery>;

export const consoleLoans = (http: HttpClient, query: LoanListQuery = {}, options?: CallOptions) =>
  http.get<Listing<ConsoleLoan>>(ADMIN_ENDPOINTS.loans, query, options);

/** The console's home: each queue counted, what it is worth, how long its oldest has waited. */
export const consoleQueues = (http: HttpClient, options?: CallOptions) => http.get<Queues>(ADMIN_ENDPOINTS.queues, undefined, options);

const atLoan = (path: string, orderNo: string) => adminPath(path, { order_no: orderNo });

/** Everything about one loan: the underwriting view. */
export const consoleLoan = (http: HttpClient, orderNo: string, options?: CallOptions) =>
  http.get<ConsoleLoanView>(atLoan(ADMIN_ENDPOINTS.loan, orderNo), undefined, options);

/** A reviewer approves an application, at once. */
export const approveLoan = (http: HttpClient, orderNo: string, options?: CallOptions) =>
  http.post<LoanDecided>(atLoan(ADMIN_ENDPOINTS.approveLoan, orderNo), undefined, options);

/** A reviewer turns an application down, with a reason from the picklist. */
export const rejectLoan = (http: HttpClient, orderNo: string, rejection: LoanRejection, options?: CallOptions) =>
  http.post<LoanDecided>(atLoan(ADMIN_ENDPOINTS.rejectLoan, orderNo), rejection, options);

/** Finance asks for a loan's money to be recorded as sent; a second finance operator carries it out. */
export const askDisbursement = (http: HttpClient, orderNo: string, bankRef: string, options?: CallOptions) =>
  http.post<ApprovalAsked>(atLoan(ADMIN_ENDPOINTS.disburseLoan, orderNo), { bank_ref: bankRef }, options);

/** The full payee account of a loan (every read is audited). */
export const loanPayee = (http: HttpClient, orderNo: string, options?: CallOptions) =>
  http.get<LoanPayee>(atLoan(ADMIN_ENDPOINTS.loanPayee, orderNo), undefined, options);

/** The overdue report: the same days and penalty the borrower sees. */
export const consoleOverdue = (http: HttpClient, options?: CallOptions) =>
  http.get<OverdueLoan[]>(ADMIN_ENDPOINTS.overdue, undefined, options);

export const consoleProofs = (http: HttpClient, query: ProofListQuery = {}, options?: CallOptions) =>
  http.get<Listing<ConsoleProof>>(ADMIN_ENDPOINTS.vouchers, query, options);

/** Finance asks to credit a proof's transfer, with the bank's reference; a second finance operator carries it out. */
export const askProofConfirm = (http: HttpClient, id: number, bankRef: string, options?: CallOptions) =>
  http.post<ApprovalAsked>(adminPath(ADMIN_ENDPOINTS.confirmProof, { id }), { bank_ref: bankRef }, options);

/** Finance turns a proof down, saying why (the borrower reads it). */
export const rejectProof = (http: HttpClient, id: number, reason: string, options?: CallOptions) =>
  http.post<ProofDecided>(adminPath(ADMIN_ENDPOINTS.rejectProof, { id }), { reason }, options);

/** A proof's image, with the operator's token (an <img> cannot send it). */
export const proofFile = (http: HttpClient, id: number, options?: CallOptions) =>
  http.download(adminPath(ADMIN_ENDPOINTS.proofFile, { id }), undefined, options);

export const consolePayments = (http: HttpClient, query: PaymentListQuery = {}, options?: CallOptions) =>
  http.get<Listing<ConsolePayment>>(ADMIN_ENDPOINTS.payments, query, options);

export const consoleApprovals = (http: HttpClient, query: ConsoleStatusQuery = {}, options?: CallOptions) =>
  http.get<Listing<Approval>>(ADMIN_ENDPOINTS.approvals, query, options);

type DecisionReason = Static<typeof requests.DecisionRequest>['reason'];

/** A second operator carries out what another asked for (an admin's new authenticator answers its enrolment). */
export const approveApproval = (http: HttpClient, id: number, reason: DecisionReason = '', options?: CallOptions) =>
  http.post<ApprovalDecided>(adminPath(ADMIN_ENDPOINTS.approveApproval, { id }), { reason }, options);

/** A second operator declines what another asked for, saying why. */
export const declineApproval = (http: HttpClient, id: number, reason: DecisionReason = '', options?: CallOptions) =>
  http.post<ApprovalDecided>(adminPath(ADMIN_ENDPOINTS.declineApproval, { id }), { reason }, options);

/** Borrowers by name, phone (or its last digits), ID number's tail or order number. */
export const searchBorrowers = (http: HttpClient, q: string, options?: CallOptions) =>
  http.get<BorrowerMatches>(ADMIN_ENDPOINTS.userSearch, { q }, options);

/** One borrower and their history, picked from a search. */
export const consoleBorrower = (http: HttpClient, id: number, options?: CallOptions) =>
  http.get<ConsoleBorrower>(adminPath(ADMIN_ENDPOINTS.user, { id }), undefined, options);

/** Asks for a borrower's new credit limit; a second operator carries it out. */
export const askCreditLimit = (
  http: HttpClient,
  id: number,
  limit: Static<typeof requests.CreditRequest>['limit'],
  options?: CallOptions,
) => http.post<ApprovalAsked>(adminPath(ADMIN_ENDPOINTS.userCredit, { id }), { limit }, options);

export const consoleNews = (http: HttpClient, query: ConsoleStatusQuery = {}, options?: CallOptions) =>
  http.get<Listing<ConsoleArticle>>(ADMIN_ENDPOINTS.newsList, query, options);

/** A draft, published later. */
export const draftArticle = (http: HttpClient, draft: NewsDraft, options?: CallOptions) =>
  http.post<ArticleState>(ADMIN_ENDPOINTS.news, draft, options);

export const publishArticle = (http: HttpClient, id: number, options?: CallOptions) =>
  http.post<ArticleState>(adminPath(ADMIN_ENDPOINTS.publishNews, { id }), undefined, options);

/** Takes a published article down: the app stops showing it. */
export const unpublishArticle = (http: HttpClient, id: number, options?: CallOptions) =>
  http.post<ArticleState>(adminPath(ADMIN_ENDPOINTS.unpublishNews, { id }), undefined, options);

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

/** A list's CSV export with its filters, under the name the server gives it. */
export const exportFile = <K extends ExportKind>(
  http: HttpClient,
  kind: K,
  query: ExportQueries[K],
  options?: CallOptions,
): Promise<Downloaded> => http.download(exportPath(kind, query), undefined, options);

/** The product's settings as in force. */
export const consoleSettings = (http: HttpClient, options?: CallOptions) =>
  http.get<Settings>(ADMIN_ENDPOINTS.settings, undefined, options);

/** What a setting's change sends: the rates as kept (each term without the APR that follows from it), the channels, the account. */
export interface SettingValues {
  loan_rates: Static<typeof catalogue.StoredRates>;
  payment_channels: Settings['payment_channels'];
  bank_info: Settings['bank_info'];
}

/** POST /admin/api/settings/:key: the answer is the approval a second operator decides on. */
export const askSettingChange = <K extends EditableSetting>(http: HttpClient, key: K, value: SettingValues[K], options?: CallOptions) =>
  http.post<ApprovalAsked>(adminPath(ADMIN_ENDPOINTS.setting, { key }), { value }, options);

/** The console: one business day's due-date run (`date`, today when absent). */
export const consoleAutopayRun = (http: HttpClient, date?: string, options?: CallOptions) =>
  http.get<AutopayRun>(ADMIN_ENDPOINTS.autopayRun, date ? { date } : {}, options);

/** The console: a borrower's agreement, its history and latest charges. */
export const consoleAutopay = (http: HttpClient, userId: number, options?: CallOptions) =>
  http.get<ConsoleAutopay>(adminPath(ADMIN_ENDPOINTS.userAutopay, { id: userId }), undefined, options);

/** The console (finance): stops (`pause`) or restarts (`resume`) a borrower's automatic charges; answers the agreement as it now is. */
export const setAutopayPaused = (http: HttpClient, userId: number, paused: boolean, options?: CallOptions) =>
  http.post<ConsoleAutopay>(
    adminPath(paused ? ADMIN_ENDPOINTS.pauseAutopay : ADMIN_ENDPOINTS.resumeAutopay, { id: userId }),
    undefined,
    options,
  );
