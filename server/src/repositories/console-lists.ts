import type { LoanStatus, PaymentStatus, VoucherStatus } from '@instalment/contract/api';
import type { CONSOLE_SORTS } from '@instalment/contract/api';
import { sql, type SqlBool } from 'kysely';
import type { Store } from '../db/store';
import type { AuditRow } from './audit';
import type { LoanRow } from './loans';
import type { StaffPaymentRow, StaffVoucherRow } from './staff';

/** Which rows of a console list: a window, an order by one of its columns, and a span of time. */
export interface ListWindow<Column extends string> {
  limit: number;
  offset: number;
  sort: Column;
  order: 'asc' | 'desc';
  /** From this instant (included) to `toMs` (excluded); either open when absent. */
  fromMs?: number;
  toMs?: number;
}

type SortOf<List extends keyof typeof CONSOLE_SORTS> = (typeof CONSOLE_SORTS)[List][number];
export type LoanSort = SortOf<'loans'>;
export type VoucherSort = SortOf<'vouchers'>;
export type PaymentSort = SortOf<'payments'>;
export type AuditSort = SortOf<'audit'>;

/** Which loans, by the stored facts (the ledger's derived statuses are turned into these by the service). */
export interface LoanSelection {
  statuses?: readonly LoanStatus[];
  ids?: readonly number[];
  exceptIds?: readonly number[];
  /** Part of an order number, a phone or the borrower's name. */
  search?: string;
}

export interface Found<T> {
  rows: T[];
  total: number;
}

/** `text` as a LIKE pattern that finds it anywhere, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const like = (column: string, pattern: string) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;

const LOAN_COLUMNS: Record<LoanSort, string> = {
  created_at: 'l.created_at',
  amount: 'l.amount_fen',
  term: 'l.term',
  order_no: 'l.order_no',
};
const VOUCHER_COLUMNS: Record<VoucherSort, string> = { created_at: 'v.created_at', amount: 'v.amount_fen' };
const PAYMENT_COLUMNS: Record<PaymentSort, string> = { created_at: 'p.created_at', amount: 'p.amount_fen', paid_at: 'p.paid_at' };

/**
 * The console's lists as pages with their totals: every filter applies to the page and to its
 * count alike, and the row's id breaks ties so that no row is on two pages or on none.
 */
export class ConsoleListRecords {
  constructor(private readonly store: Store) {}

  async loans(selection: LoanSelection, window: ListWindow<LoanSort>): Promise<Found<LoanRow & { mobile: string }>> {
    if (selection.ids?.length === 0) return { rows: [], total: 0 };
    let query = this.store.q.selectFrom('loans as l').innerJoin('users as u', 'u.id', 'l.user_id');
    if (selection.statuses) query = query.where('l.status', 'in', selection.statuses);
    if (selection.ids) query = query.where('l.id', 'in', selection.ids);
    if (selection.exceptIds?.length) query = query.where('l.id', 'not in', selection.exceptIds);
    if (window.fromMs !== undefined) query = query.where('l.created_at', '>=', window.fromMs);
    if (window.toMs !== undefined) query = query.where('l.created_at', '<', window.toMs);
    const search = selection.search?.trim();
    if (search) {
      const pattern = containing(search);
      query = query.where((eb) => eb.or([like('l.order_no', pattern), like('u.mobile', pattern), like('l.real_name', pattern)]));
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll('l')
        .select('u.mobile')
        .orderBy(sql.ref(LOAN_COLUMNS[window.sort]), window.order)
        .orderBy('l.id', window.order)
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async vouchers(status: VoucherStatus | null, window: ListWindow<VoucherSort>): Promise<Found<StaffVoucherRow>> {
    let query = this.store.q
      .selectFrom('vouchers as v')
      .innerJoin('loans as l', 'l.id', 'v.loan_id')
      .innerJoin('users as u', 'u.id', 'l.user_id');
    if (status) query = query.where('v.status', '=', status);
    if (window.fromMs !== undefined) query = query.where('v.created_at', '>=', window.fromMs);
    if (window.toMs !== undefined) query = query.where('v.created_at', '<', window.toMs);
    const [rows, count] = await Promise.all([
      query
        .selectAll('v')
        .select(['l.order_no', 'u.mobile', 'l.real_name'])
        .orderBy(sql.ref(VOUCHER_COLUMNS[window.sort]), window.order)
        .orderBy('v.id', window.order)
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async payments(status: PaymentStatus | null, window: ListWindow<PaymentSort>): Promise<Found<StaffPaymentRow>> {
    let query = this.store.q.selectFrom('payments as p').innerJoin('loans as l', 'l.id', 'p.loan_id');
    if (status) query = query.where('p.status', '=', status);
    if (window.fromMs !== undefined) query = query.where('p.created_at', '>=', window.fromMs);
    if (window.toMs !== undefined) query = query.where('p.created_at', '<', window.toMs);
    const [rows, count] = await Promise.all([
      query
        .selectAll('p')
        .select('l.order_no')
        .orderBy(sql.ref(PAYMENT_COLUMNS[window.sort]), window.order)
        .orderBy('p.id', window.order)
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** The audit log, of one operator (by username) and one target when given. */
  async audit(filter: { operator?: string; target?: string }, window: ListWindow<AuditSort>): Promise<Found<AuditRow>> {
    let query = this.store.q.selectFrom('audit_log');
    if (filter.operator) query = query.where('username', '=', filter.operator);
    if (filter.target) query = query.where('target', '=', filter.target);
    if (window.fromMs !== undefined) query = query.where('at', '>=', window.fromMs);
    if (window.toMs !== undefined) query = query.where('at', '<', window.toMs);
    const [rows, count] = await Promise.all([
      // Rows are added in time order: the id orders them as `at` does, without ties.
      query.selectAll().orderBy('id', window.order).limit(window.limit).offset(window.offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
