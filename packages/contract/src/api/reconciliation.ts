import {
  ADMIN_ENDPOINTS,
  adminPath,
  type ApprovalAsked,
  type DifferenceApplied,
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

/** Settles the borrower's next instalments with what a difference did not settle, by the ledger's rules of the day. */
export const applyDifference = (http: HttpClient, id: number, options?: CallOptions) =>
  http.post<DifferenceApplied>(adminPath(ADMIN_ENDPOINTS.applyDifference, { id }), {}, options);
