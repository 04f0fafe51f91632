import type { ListWindow } from '../../repositories/console-lists';
import { instantsBetween } from '../../services/business-time';
import { windowOf } from './act';

type Order = 'asc' | 'desc';

/** How each console list is ordered when its query does not say: queues oldest first, records newest first. */
export const LIST_ORDERS = {
  loans: { sort: 'created_at', order: 'asc' },
  vouchers: { sort: 'created_at', order: 'asc' },
  payments: { sort: 'created_at', order: 'desc' },
  audit: { sort: 'at', order: 'desc' },
} as const;

interface ListQuery<Column extends string> {
  sort?: Column;
  order?: Order;
  from?: string;
  to?: string;
}

/** A list's order and span of days from its query: the days in the business time zone, both included. */
export function spanOf<Column extends string>(
  query: ListQuery<Column>,
  byDefault: { sort: Column; order: Order },
  zone: string,
): Omit<ListWindow<Column>, 'limit' | 'offset'> {
  return { sort: query.sort ?? byDefault.sort, order: query.order ?? byDefault.order, ...instantsBetween(query.from, query.to, zone) };
}

/** The rows of a console list its query asks for (`ConsolePageQuery`, defaults filled in by the validator). */
export function listWindowOf<Column extends string>(
  query: ListQuery<Column> & { page?: number; limit?: number },
  byDefault: { sort: Column; order: Order },
  zone: string,
): ListWindow<Column> {
  return { ...windowOf(query), ...spanOf(query, byDefault, zone) };
}
