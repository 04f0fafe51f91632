import { ADMIN_ENDPOINTS, type DailyReportQuery, type DailyReportRange } from './admin';
import type { CallOptions, HttpClient } from './transport';

/** The console's reports of money across all loans. */

/** The most days one daily report covers: a quarter, enough to close a month or a quarter in one read. */
export const REPORT_MAX_DAYS = 92;

/** The days of a range (`from`, `to`: YYYY-MM-DD, calendar days of the business time zone), or one `date`. */
export const dailyReport = (http: HttpClient, query: DailyReportQuery, options?: CallOptions) =>
  http.get<DailyReportRange>(ADMIN_ENDPOINTS.dailyReport, query, options);
