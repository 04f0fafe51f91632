import type { LoanStatus, PaymentStatus, ProofStatus } from '@instalment/contract/api';
import type { CONSOLE_SORTS } from '@instalment/contract/api';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Store } from '../db/store';
import type { Tables } from '../db/tables';
import type { AuditRow } from './audit';
import type { LoanRow } from './loans';
import type { ConsolePaymentRow, ConsoleProofRow } from './console-reads';

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

/** A list's rows without the page: what an export reads, in the list's order. */
export type ListSpan<Column extends string> = Omit<ListWindow<Column>, 'limit' | 'offset'>;

/** Where a keyset page starts: after the row with this sort key and id, in the list's order. */
interface Cursor {
  key: number | string;
  id: number;
}

/**
 * How many rows an export reads at a time. SQLite reads synchronously: a page holds the event
 * loop for as long as it takes, so it is kept small enough to be a few milliseconds.
 */
export const EXPORT_PAGE_ROWS = 500;

type SortOf<List extends keyof typeof CONSOLE_SORTS> = (typeof CONSOLE_SORTS)[List][number];
export type LoanSort = SortOf<'loans'>;
export type ProofSort = SortOf<'vouchers'>;
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

/** Which audit rows: operators by the start of their username in any case, rows about any of `targets`, one action. */
export interface AuditFilter {
  operator?: string;
  targets?: readonly string[];
  action?: string;
}

/** An audit row, or a fold of reads (`targets`: how many things they read; null on a row of its own). */
export type AuditFoldRow = AuditRow & { targets: number | null };

const HOUR_MS = 3_600_000;

export interface Found<T> {
  rows: T[];
  total: number;
}

/** `text` with its own LIKE wildcards taken literally. */
const escaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
/** `text` as a LIKE pattern that finds it anywhere. */
const containing = (text: string) => `%${escaped(text)}%`;
const like = (column: string, pattern: string) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;

const LOAN_COLUMNS: Record<LoanSort, string> = {
  created_at: 'l.created_at',
  amount: 'l.amount_fen',
  term: 'l.term',
  order_no: 'l.order_no',
};
const PROOF_COLUMNS: Record<ProofSort, string> = { created_at: 'v.created_at', amount: 'v.amount_fen' };
const PAYMENT_COLUMNS: Record<PaymentSort, string> = { created_at: 'p.created_at', amount: 'p.amount_fen', paid_at: 'p.paid_at' };

/**
 * An export's sort key. A keyset compares keys, and NULL compares as nothing: an unpaid
 * payment's `paid_at` is read as 0, first in ascending order on both engines.
 */
const exportKey = (column: string) =>
  column === 'p.paid_at' ? sql<number>`coalesce(p.paid_at, 0)` : sql<number | string>`${sql.ref(column)}`;

/** The rows after `cursor` in the order (key, id) runs, `order` applying to both. */
function after(key: ReturnType<typeof exportKey>, id: string, order: 'asc' | 'desc', cursor: Cursor) {
  return order === 'asc'
    ? sql<SqlBool>`(${key}, ${sql.ref(id)}) > (${cursor.key}, ${cursor.id})`
    : sql<SqlBool>`(${key}, ${sql.ref(id)}) < (${cursor.key}, ${cursor.id})`;
}

/**
 * Every row of an export, a page at a time by keyset: each page starts after the last row of
 * the one before (an index seek, not an OFFSET that reads every earlier row again), with no
 * count. Only rows that existed when the export began (`id <= newest`): rows added meanwhile,
 * the export's own audit row among them, are not chased.
 */
async function* keysetPages<Row extends { id: number; sort_key: number | string }>(
  newest: () => Promise<number | null>,
  read: (upTo: number, cursor: Cursor | null) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  const upTo = await newest();
  if (upTo === null) return;
  for (let cursor: Cursor | null = null; ;) {
    const rows = await read(upTo, cursor);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    const last = rows[rows.length - 1];
    cursor = { key: last.sort_key, id: last.id };
  }
}

/**
 * The console's lists as pages with their totals: every filter applies to the page and to its
 * count alike, and the row's id breaks ties so that no row is on two pages or on none.
 */
export class ConsoleListRecords {
  constructor(private readonly store: Store) {}

  /** The newest row of a table: where an export that begins now stops. */
  private async newest(table: 'loans' | 'payments' | 'audit_log'): Promise<number | null> {
    const row = await this.store.q
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('n'))
      .executeTakeFirst();
    return row?.n == null ? null : Number(row.n);
  }

  private loanQuery(selection: LoanSelection, span: ListSpan<LoanSort>) {
    let query = this.store.q.selectFrom('loans as l').innerJoin('users as u', 'u.id', 'l.user_id');
    if (selection.statuses) query = query.where('l.status', 'in', selection.statuses);
    if (selection.ids) query = query.where('l.id', 'in', selection.ids);
    if (selection.exceptIds?.length) query = query.where('l.id', 'not in', selection.exceptIds);
    if (span.fromMs !== undefined) query = query.where('l.created_at', '>=', span.fromMs);
    if (span.toMs !== undefined) query = query.where('l.created_at', '<', span.toMs);
    const search = selection.search?.trim();
    if (search) {
      const pattern = containing(search);
      query = query.where((eb) => eb.or([like('l.order_no', pattern), like('u.mobile', pattern), like('l.real_name', pattern)]));
    }
    return query;
  }

  async loans(selection: LoanSelection, window: ListWindow<LoanSort>): Promise<Found<LoanRow & { mobile: string }>> {
    if (selection.ids?.length === 0) return { rows: [], total: 0 };
    const query = this.loanQuery(selection, window);
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

  /** Every loan of a selection in the list's order, a page at a time (an export). */
  async *loanPages(selection: LoanSelection, span: ListSpan<LoanSort>): AsyncGenerator<Array<LoanRow & { mobile: string }>> {
    if (selection.ids?.length === 0) return;
    const key = exportKey(LOAN_COLUMNS[span.sort]);
    yield* keysetPages(
      () => this.newest('loans'),
      (upTo, cursor) => {
        let query = this.loanQuery(selection, span).where('l.id', '<=', upTo);
        if (cursor) query = query.where(after(key, 'l.id', span.order, cursor));
        return query
          .selectAll('l')
          .select(['u.mobile', key.as('sort_key')])
          .orderBy(key, span.order)
          .orderBy('l.id', span.order)
          .limit(EXPORT_PAGE_ROWS)
          .execute();
      },
    );
  }

  /** Proofs of a status (all: null), of an order number or a phone containing `search`. */
  async vouchers(status: ProofStatus | null, window: ListWindow<ProofSort>, search?: string): Promise<Found<ConsoleProofRow>> {
    let query = this.store.q
      .selectFrom('vouchers as v')
      .innerJoin('loans as l', 'l.id', 'v.loan_id')
      .innerJoin('users as u', 'u.id', 'l.user_id');
    if (status) query = query.where('v.status', '=', status);
    const pattern = search?.trim() && containing(search.trim());
    if (pattern) query = query.where((eb) => eb.or([like('l.order_no', pattern), like('u.mobile', pattern)]));
    if (window.fromMs !== undefined) query = query.where('v.created_at', '>=', window.fromMs);
    if (window.toMs !== undefined) query = query.where('v.created_at', '<', window.toMs);
    const [rows, count] = await Promise.all([
      query
        .selectAll('v')
        .select(['l.order_no', 'u.mobile', 'l.real_name'])
        .orderBy(sql.ref(PROOF_COLUMNS[window.sort]), window.order)
        .orderBy('v.id', window.order)
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  private paymentQuery(status: PaymentStatus | null, span: ListSpan<PaymentSort>) {
    let query = this.store.q.selectFrom('payments as p').innerJoin('loans as l', 'l.id', 'p.loan_id');
    if (status) query = query.where('p.status', '=', status);
    if (span.fromMs !== undefined) query = query.where('p.created_at', '>=', span.fromMs);
    if (span.toMs !== undefined) query = query.where('p.created_at', '<', span.toMs);
    return query;
  }

  async payments(status: PaymentStatus | null, window: ListWindow<PaymentSort>): Promise<Found<ConsolePaymentRow>> {
    const query = this.paymentQuery(status, window);
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

  /** Every payment of a status in the list's order, a page at a time (an export). */
  async *paymentPages(status: PaymentStatus | null, span: ListSpan<PaymentSort>): AsyncGenerator<ConsolePaymentRow[]> {
    const key = exportKey(PAYMENT_COLUMNS[span.sort]);
    yield* keysetPages(
      () => this.newest('payments'),
      (upTo, cursor) => {
        let query = this.paymentQuery(status, span).where('p.id', '<=', upTo);
        if (cursor) query = query.where(after(key, 'p.id', span.order, cursor));
        return query
          .selectAll('p')
          .select(['l.order_no', key.as('sort_key')])
          .orderBy(key, span.order)
          .orderBy('p.id', span.order)
          .limit(EXPORT_PAGE_ROWS)
          .execute();
      },
    );
  }

  private auditQuery(filter: AuditFilter, span: ListSpan<AuditSort>) {
    let query = this.store.q.selectFrom('audit_log');
    // A prefix in any case: "fin" finds fin.ann and Fin.Bob.
    if (filter.operator)
      query = query.where(sql<SqlBool>`lower(username) like ${`${escaped(filter.operator.toLowerCase())}%`} escape '\\'`);
    if (filter.targets) query = query.where('target', 'in', filter.targets);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (span.fromMs !== undefined) query = query.where('at', '>=', span.fromMs);
    if (span.toMs !== undefined) query = query.where('at', '<', span.toMs);
    return query;
  }

  /**
   * The audit log, of the operators, targets and action the filter names. `foldReads`: the
   * actions that only read, whose done rows come as one per operator, action and hour (the
   * newest row's id, the first and last time, the count in `repeats`, the targets' count).
   */
  async audit(filter: AuditFilter, window: ListWindow<AuditSort>, foldReads?: readonly string[]): Promise<Found<AuditFoldRow>> {
    const query = this.auditQuery(filter, window);
    if (!foldReads || foldReads.length === 0) {
      const [rows, count] = await Promise.all([
        // Rows are added in time order: the id orders them as `at` does, without ties.
        query
          .selectAll()
          .select(sql<number | null>`null`.as('targets'))
          .orderBy('id', window.order)
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    }
    const isRead = (eb: ExpressionBuilder<Tables, 'audit_log'>) => eb.and([eb('action', 'in', foldReads), eb('outcome', '=', 'done')]);
    const each = query
      .where((eb) => eb.not(isRead(eb)))
      .select([
        'id',
        'at',
        'operator_id',
        'username',
        'roles',
        'action',
        'target',
        'state_before',
        'state_after',
        'outcome',
        'reason',
        'address',
        'tally',
        'repeats',
        'last_at',
        sql<number | null>`null`.as('targets'),
      ]);
    const hour = sql`at / ${HOUR_MS}`;
    const folded = query
      .where(isRead)
      .groupBy(['username', 'action', hour])
      .select((eb) => [
        eb.fn.max('id').as('id'),
        eb.fn.min('at').as('at'),
        eb.fn.max('operator_id').as('operator_id'),
        'username',
        eb.fn.max('roles').as('roles'),
        'action',
        eb.fn.max('target').as('target'),
        sql<string | null>`null`.as('state_before'),
        sql<string | null>`null`.as('state_after'),
        sql<'done'>`'done'`.as('outcome'),
        sql<string | null>`null`.as('reason'),
        eb.fn.max('address').as('address'),
        sql<string | null>`null`.as('tally'),
        eb.fn.countAll<number>().as('repeats'),
        eb.fn.max('at').as('last_at'),
        sql<number>`count(distinct target)`.as('targets'),
      ]);
    const both = this.store.q.selectFrom(each.unionAll(folded).as('u'));
    const [rows, count] = await Promise.all([
      both.selectAll().orderBy('id', window.order).limit(window.limit).offset(window.offset).execute(),
      both.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        ...row,
        repeats: Number(row.repeats),
        targets: row.targets === null ? null : Number(row.targets),
      })) as AuditFoldRow[],
      total: Number(count.n),
    };
  }

  /** The audit log of a filter in the list's order (by id, as `at` runs), a page at a time (an export). */
  async *auditPages(filter: AuditFilter, span: ListSpan<AuditSort>): AsyncGenerator<AuditRow[]> {
    const key = exportKey('id');
    yield* keysetPages(
      () => this.newest('audit_log'),
      (upTo, cursor) => {
        let query = this.auditQuery(filter, span).where('id', '<=', upTo);
        if (cursor) query = query.where('id', span.order === 'asc' ? '>' : '<', cursor.id);
        return query.selectAll().select(key.as('sort_key')).orderBy('id', span.order).limit(EXPORT_PAGE_ROWS).execute();
      },
    );
  }
}
