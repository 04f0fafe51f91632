import { ADMIN_ENDPOINTS, type DailyReport } from './admin';
import type { CallOptions, HttpClient } from './transport';

/** The console's reports of money across all loans. */

/** `date`: YYYY-MM-DD, a calendar day of the business time zone. */
export const dailyReport = (http: HttpClient, date: string, options?: CallOptions) =>
  http.get<DailyReport>(ADMIN_ENDPOINTS.dailyReport, { date }, options);
