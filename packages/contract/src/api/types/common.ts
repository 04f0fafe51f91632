/**
 * Shapes shared by every part of the contract.
 *
 * Money travels as a string with exactly two decimals ("1234.56"): the server computes in
 * integer fen and the client never does arithmetic on floats it did not create itself.
 * Times travel as ISO 8601 strings (`*_at`) or, where SPEC §3 fixes it, epoch seconds
 * (`expiretime`, `createtime`); never both for one field. Calendar dates (due dates) are
 * `YYYY-MM-DD` in the platform's time zone.
 */
export type Money = string;
export type IsoDateTime = string;
export type CalendarDate = string;

/** One page of a list, for every paged call (SPEC §7: page defaults to 1, limit to 10). */
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

export interface PageQuery {
  page?: number;
  limit?: number;
}
