/**
 * How many items a page of a list holds: the app's (SPEC §9) and the console's. A leaf of the
 * contract: the endpoints name them and the schemas bound requests by them.
 */

/** SPEC §9 page sizes. */
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_LATEST_NEWS = 5;
/** The most items one page (or the latest news) may ask for. */
export const MAX_PAGE_SIZE = 50;
export const MAX_LATEST_NEWS = 20;
/** The operations console's lists: pages of real work, larger than the app's. */
export const DEFAULT_CONSOLE_PAGE_SIZE = 50;
export const CONSOLE_MAX_PAGE_SIZE = 200;
/**
 * The columns each console list may be sorted by: the ones its table shows, the list's own
 * order first; its table's headers sort by them.
 */
export const CONSOLE_SORTS = {
  loans: ['created_at', 'amount', 'term', 'order_no'],
  vouchers: ['created_at', 'amount'],
  payments: ['created_at', 'amount', 'paid_at'],
  audit: ['at'],
} as const;
