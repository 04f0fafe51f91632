import {
  ADMIN_ENDPOINTS,
  adminPath,
  type ApprovalAsked,
  type DifferenceResolved,
  type DifferenceStatus,
  type Listing,
  type PaymentDifference,
} from './admin';
import type { CallOptions, HttpClient } from './transport';

/** The console's reconciliation calls: money received and not credited. */

export interface DifferenceQuery {
  status?: DifferenceStatus;
  page?: number;
  limit?: number;
}

export const paymentDifferences = (http: HttpClient, query: DifferenceQuery = {}, options?: CallOptions) =>
  http.get<Listing<PaymentDifference>>(ADMIN_ENDPOINTS.differences, query, options);

/** Asks for the refund of what a difference did not settle; a second finance operator carries it out. */
export const askDifferenceRefund = (http: HttpClient, id: number, options?: CallOptions) =>
  http.post<ApprovalAsked>(adminPath(ADMIN_ENDPOINTS.refundDifference, { id }), {}, options);

/** Closes a difference without moving money, saying why (at most 500 characters). */
export const closeDifference = (http: HttpClient, id: number, reason: string, options?: CallOptions) =>
  http.post<DifferenceResolved>(adminPath(ADMIN_ENDPOINTS.closeDifference, { id }), { reason }, options);

/**
 * Asks to settle instalments with what a difference did not settle (the next ones at today's
 * price, or with `atPriceShown` its payment's at the price the borrower was shown); a second
 * finance operator carries it out.
 */
export const askDifferenceApply = (http: HttpClient, id: number, atPriceShown = false, options?: CallOptions) =>
  http.post<ApprovalAsked>(adminPath(ADMIN_ENDPOINTS.applyDifference, { id }), { at_price_shown: atPriceShown }, options);
