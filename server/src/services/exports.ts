import { CONSOLE_MAX_PAGE_SIZE, type Listing, type PaymentStatus } from '@instalment/contract/api';
import type { Context } from '../context';
import type { AuditSort, ListWindow, LoanSort, PaymentSort } from '../repositories/console-lists';
import type { AuditService } from './audit';
import { zonedDateTime, zonedDay } from '@instalment/contract/format';
import type { CsvCell } from './csv';
import type { LoanFilter, StaffService } from './staff';

/** What the console exports, each as the list or report of the same name shows it. */
export type ExportKind = 'loans' | 'payments' | 'overdue' | 'audit';

/** An export's rows: every row of its list in the list's order, without the page. */
export type ExportWindow<Column extends string> = Omit<ListWindow<Column>, 'limit' | 'offset'>;

/** A CSV file to be: its header and its rows, read a page at a time as the file is sent. */
export interface CsvExport {
  header: string[];
  rows: AsyncIterable<CsvCell[]>;
}

/** Every item of a list, read a console page at a time. */
async function* everyItem<T>(read: (page: { limit: number; offset: number }) => Promise<Listing<T>>): AsyncGenerator<T> {
  for (let offset = 0; ; offset += CONSOLE_MAX_PAGE_SIZE) {
    const { list } = await read({ limit: CONSOLE_MAX_PAGE_SIZE, offset });
    yield* list;
    if (list.length < CONSOLE_MAX_PAGE_SIZE) return;
  }
}

async function* rowsOf<T>(items: AsyncIterable<T> | Iterable<T>, row: (item: T) => CsvCell[]): AsyncGenerator<CsvCell[]> {
  for await (const item of items) yield row(item);
}

/**
 * The console's CSV exports: the rows its lists and the overdue report answer, read through the
 * same services, with times in the business time zone, named in the header.
 */
export class Exports {
  constructor(
    private readonly ctx: Context,
    private readonly staff: StaffService,
    private readonly auditLog: AuditService,
  ) {}

  private get zone(): string {
    return this.ctx.config.businessTimezone;
  }

  /** A time column's header, which names its zone: `created_at (Asia/Shanghai)`. */
  private zoned(column: string): string {
    return `${column} (${this.zone})`;
  }

  private time(instant: string | null): string | null {
    return instant === null ? null : zonedDateTime(Date.parse(instant), this.zone);
  }

  /** The file's name: what it holds and the business day it was made on. */
  fileName(kind: ExportKind): string {
    return `${kind}-${zonedDay(this.ctx.now(), this.zone)}.csv`;
  }

  loans(filter: LoanFilter, window: ExportWindow<LoanSort>): CsvExport {
    return {
      header: ['order_no', 'real_name', 'mobile', 'amount', 'term', 'status', this.zoned('created_at'), this.zoned('disbursed_at')],
      rows: rowsOf(
        everyItem((page) => this.staff.loanList(filter, { ...window, ...page })),
        (loan) => [
          loan.order_no,
          loan.real_name,
          loan.mobile,
          loan.amount,
          loan.term,
          loan.status,
          this.time(loan.created_at),
          this.time(loan.disbursed_at),
        ],
      ),
    };
  }

  payments(status: PaymentStatus | null, window: ExportWindow<PaymentSort>): CsvExport {
    return {
      header: ['payment_no', 'order_no', 'amount', 'status', 'channel', this.zoned('created_at'), this.zoned('paid_at')],
      rows: rowsOf(
        everyItem((page) => this.staff.payments(status, { ...window, ...page })),
        (payment) => [
          payment.payment_no,
          payment.order_no,
          payment.amount,
          payment.status,
          payment.channel,
          this.time(payment.created_at),
          this.time(payment.paid_at),
        ],
      ),
    };
  }

  /** The overdue report as it answers today: the days and penalties the borrower sees. */
  overdue(): CsvExport {
    const { staff } = this;
    return {
      header: ['order_no', 'real_name', 'mobile', 'overdue_periods', 'overdue_days', 'overdue_amount', 'penalty'],
      rows: rowsOf(
        (async function* () {
          yield* await staff.overdue();
        })(),
        (loan) => [
          loan.order_no,
          loan.real_name,
          loan.mobile,
          loan.overdue_periods.join(' '),
          loan.overdue_days,
          loan.overdue_amount,
          loan.penalty,
        ],
      ),
    };
  }

  audit(filter: { operator?: string; target?: string }, window: ExportWindow<AuditSort>): CsvExport {
    return {
      header: [this.zoned('at'), 'username', 'roles', 'action', 'target', 'outcome', 'reason', 'address'],
      rows: rowsOf(
        everyItem((page) => this.auditLog.page(filter, { ...window, ...page })),
        (entry) => [
          this.time(entry.at),
          entry.username,
          entry.roles.join(' '),
          entry.action,
          entry.target,
          entry.outcome,
          entry.reason,
          entry.address,
        ],
      ),
    };
  }
}
