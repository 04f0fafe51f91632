import type { Static } from '@sinclair/typebox';
import type * as schema from './schemas';
import type { CallOptions, HttpClient } from './transport';
import { DEV_ENDPOINTS, ENDPOINTS } from './endpoints';

/**
 * The autopay terms by the date of their text in force: the app shows this text before the
 * borrower goes to Alipay's signing page, and the server records the version with the agreement.
 */
export const AUTOPAY_TERMS_VERSION = '2026-11-27';

export type AutopayState = Static<typeof schema.AutopayState>;
export type AutopayChargeState = Static<typeof schema.AutopayChargeState>;
export type AutopayCharge = Static<typeof schema.AutopayCharge>;
export type Autopay = Static<typeof schema.Autopay>;
export type AutopaySign = Static<typeof schema.AutopaySign>;
export type RunJobRequest = Static<typeof schema.RunJobRequest>;
export type JobRun = Static<typeof schema.JobRun>;
/** The console's: a borrower's agreement, its history and latest charges. */
export type ConsoleAutopay = Static<typeof schema.ConsoleAutopay>;
export type AutopayEvent = Static<typeof schema.AutopayEvent>;
export type AutopayHistoryEntry = Static<typeof schema.AutopayHistoryEntry>;
/** The console's: one business day's due-date run and its charges. */
export type AutopayRun = Static<typeof schema.AutopayRun>;
export type AutopayRunCharge = Static<typeof schema.AutopayRunCharge>;

/** The borrower's agreement and how charging works. */
export const autopay = (http: HttpClient, options?: CallOptions) => http.get<Autopay>(ENDPOINTS.autopay, undefined, options);

/**
 * Records the borrower's confirmation of the terms in force and answers Alipay's signing page;
 * the agreement is active once Alipay's notify (or a query) says it was signed.
 */
export const signAutopay = (http: HttpClient, returnUrl?: string, options?: CallOptions) =>
  http.post<AutopaySign>(
    returnUrl ? `${ENDPOINTS.autopaySign}?return_url=${encodeURIComponent(returnUrl)}` : ENDPOINTS.autopaySign,
    undefined,
    options,
  );

/** Ends the agreement at Alipay; answers the agreement as it now is. */
export const cancelAutopay = (http: HttpClient, options?: CallOptions) => http.post<Autopay>(ENDPOINTS.autopayCancel, undefined, options);

/** Development only: runs the due-date charge now, as its hour had come. */
export const runJob = (http: HttpClient, body: RunJobRequest, options?: CallOptions) =>
  http.post<JobRun>(DEV_ENDPOINTS.runJob, body, options);
