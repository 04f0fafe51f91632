import { randomUUID } from 'node:crypto';
import { mayDo, type DailyReportRange, type DayFigures, type OperatorRole, type PaymentStatus } from '@instalment/contract/api';
import { maskName, maskPhone, zonedDateTime, zonedDay } from '@instalment/contract/format';
import type { Locale } from '@instalment/contract/i18n';
import type { Context } from '../runtime/context';
import {
  EXPORT_PAGE_ROWS,
  type AuditFilter,
  type AuditSort,
  type ListSpan,
  type LoanSort,
  type PaymentSort,
} from '../repositories/console-lists';
import { LeaseRecords } from '../repositories/leases';
import { RateLimitRecords } from '../repositories/rate-limits';
import type { AuditService } from './audit';
import { changesText } from './audit-changes';
import { reasonIn } from './audit-reasons';
import type { CsvCell } from './csv';
import type { Operator } from './operators';
import { Refusal, sentenceOf } from './refusals';
import type { LoanFilter, ConsoleReads } from './console-reads';

/** What the console exports, each as the list or report of the same name shows it. */
export type ExportKind = 'loans' | 'payments' | 'overdue' | 'audit' | 'daily';

/** A CSV file to be: its header and its rows, read a page at a time as the file is sent. */
export interface CsvExport {
  header: string[];
  pages: AsyncIterable<CsvCell[][]>;
}

/**
 * How much one operator may export. One file at a time (held as a lease in the database, so
 * every process sees it and a process that dies lets it go when the lease runs out, renewed
 * while the file is written), and a few a minute (counted in `rate_limits`, like the API's
 * per-address limits): enough to work, too few to hold the API's database for long.
 */
export const EXPORT_LIMITS = { perMinute: 5, windowMs: 60_000, leaseMs: 60_000 } as const;

/** The operator's export in progress: let go once the file is written or the download dropped. */
export interface ExportSlot {
  release(): void;
}

async function* pagesOf<T>(pages: AsyncIterable<T[]>, row: (item: T) => CsvCell[]): AsyncGenerator<CsvCell[][]> {
  for await (const page of pages) yield page.map(row);
}

/** A borrower's name and phone as an operator's roles may take them away in a file. */
interface Identity {
  name(name: string): string;
  phone(phone: string): string;
}
const WHOLE: Identity = { name: (name) => name, phone: (phone) => phone };
const MASKED: Identity = { name: maskName, phone: maskPhone };

/**
 * The console's CSV exports: the rows its lists and the overdue report answer, read through the
 * same services, with times in the business time zone, named in the header.
 */
export class Exports {
  private readonly leases: LeaseRecords;
  private readonly counts: RateLimitRecords;

  constructor(
    private readonly ctx: Context,
    private readonly consoleReads: ConsoleReads,
    private readonly auditLog: AuditService,
  ) {
    this.leases = new LeaseRecords(ctx.store);
    this.counts = new RateLimitRecords(ctx.store);
  }

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

  /** Full names and phones for roles whose work needs them (`personalData`), masked for the others. */
  private identity(roles: readonly OperatorRole[]): Identity {
    return mayDo(roles, 'personalData') ? WHOLE : MASKED;
  }

  /** The file's name: what it holds and the days it covers, else the business day it was made on. */
  fileName(kind: ExportKind, days = zonedDay(this.ctx.now(), this.zone)): string {
    return `${kind}-${days}.csv`;
  }

  /**
   * The operator's one export slot, taken before a file is begun, or a refusal: while another of
   * their exports is being written, or past the exports of the minute (`EXPORT_LIMITS`).
   */
  async begin(operator: Operator): Promise<ExportSlot> {
    const lease = `export:operator:${operator.id}`;
    const holder = randomUUID();
    if (!(await this.leases.acquire(lease, holder, this.ctx.now(), EXPORT_LIMITS.leaseMs))) throw new Refusal(sentenceOf('exportRunning'));
    const letGo = () => this.leases.release(lease, holder).catch((error: unknown) => this.ctx.log.error({ err: error }, 'export lease'));
    try {
      await this.countMinute(operator);
    } catch (error) {
      await letGo();
      throw error;
    }
    const renewal = setInterval(() => {
      this.leases
        .acquire(lease, holder, this.ctx.now(), EXPORT_LIMITS.leaseMs)
        .catch((error: unknown) => this.ctx.log.error({ err: error }, 'export lease'));
    }, EXPORT_LIMITS.leaseMs / 3);
    renewal.unref();
    return {
      release() {
        clearInterval(renewal);
        void letGo();
      },
    };
  }

  /** Counts an export begun, refused past the minute's. */
  private async countMinute(operator: Operator): Promise<void> {
    const now = this.ctx.now();
    const counted = await this.counts.hit('console export', `operator:${operator.id}`, now, EXPORT_LIMITS.windowMs);
    if (counted.hits <= EXPORT_LIMITS.perMinute) return;
    const seconds = Math.max(1, Math.ceil((counted.window_start + EXPORT_LIMITS.windowMs - now) / 1000));
    throw new Refusal(sentenceOf('exportsPerMinute', { max: EXPORT_LIMITS.perMinute, seconds }));
  }

  loans(roles: readonly OperatorRole[], filter: LoanFilter, span: ListSpan<LoanSort>): CsvExport {
    const identity = this.identity(roles);
    return {
      header: ['order_no', 'real_name', 'mobile', 'amount', 'term', 'status', this.zoned('created_at'), this.zoned('disbursed_at')],
      pages: pagesOf(this.consoleReads.loanPages(filter, span), (loan) => [
        loan.order_no,
        identity.name(loan.real_name),
        identity.phone(loan.mobile),
        loan.amount,
        loan.term,
        loan.status,
        this.time(loan.created_at),
        this.time(loan.disbursed_at),
      ]),
    };
  }

  payments(status: PaymentStatus | null, span: ListSpan<PaymentSort>): CsvExport {
    return {
      header: ['payment_no', 'order_no', 'amount', 'status', 'refunded', 'channel', this.zoned('created_at'), this.zoned('paid_at')],
      pages: pagesOf(this.consoleReads.paymentPages(status, span), (payment) => [
        payment.payment_no,
        payment.order_no,
        payment.amount,
        // What became of it, as the list shows it: a refunded payment is not "paid".
        payment.state,
        payment.refunded,
        payment.channel,
        this.time(payment.created_at),
        this.time(payment.paid_at),
      ]),
    };
  }

  /** The overdue report as it answers today: the days and penalties the borrower sees. */
  overdue(roles: readonly OperatorRole[]): CsvExport {
    const { consoleReads } = this;
    const identity = this.identity(roles);
    return {
      header: ['order_no', 'real_name', 'mobile', 'overdue_periods', 'overdue_days', 'overdue_amount', 'penalty'],
      pages: pagesOf(
        (async function* () {
          const report = await consoleReads.overdue();
          for (let start = 0; start < report.length; start += EXPORT_PAGE_ROWS) yield report.slice(start, start + EXPORT_PAGE_ROWS);
        })(),
        (loan) => [
          loan.order_no,
          identity.name(loan.real_name),
          identity.phone(loan.mobile),
          loan.overdue_periods.join(' '),
          loan.overdue_days,
          loan.overdue_amount,
          loan.penalty,
        ],
      ),
    };
  }

  /**
   * The daily report as the console shows it: a row a day, then the range's totals; a pair of
   * columns (count, amount) for each figure and for each channel that repaid anything in the range
   * (autopay's failed charges: a count alone).
   */
  daily(report: DailyReportRange): CsvExport {
    const channels = report.total.repaid_by.map((tally) => tally.channel);
    const pair = (name: string) => [`${name}_count`, `${name}_amount`];
    const cells = (figures: DayFigures): CsvCell[] => {
      const tally = (found: { count: number; amount: string } | undefined) => [found?.count ?? 0, found?.amount ?? '0.00'];
      return [
        ...tally(figures.disbursed),
        ...tally(figures.repaid),
        ...channels.flatMap((channel) => tally(figures.repaid_by.find((item) => item.channel === channel))),
        ...tally(figures.refunded),
        ...tally(figures.differences_open),
        ...tally(figures.overdue),
        ...tally(figures.autopay_charged),
        figures.autopay_failed,
      ];
    };
    return {
      header: [
        this.zoned('date'),
        ...pair('disbursed'),
        ...pair('repaid'),
        ...channels.flatMap((channel) => pair(`repaid_${channel}`)),
        ...pair('refunded'),
        ...pair('differences_open'),
        ...pair('overdue'),
        ...pair('autopay_charged'),
        'autopay_failed_count',
      ],
      pages: (async function* () {
        yield [...report.days.map((day) => [day.date, ...cells(day)]), [`${report.from}..${report.to}`, ...cells(report.total)]];
      })(),
    };
  }

  /** The audit log, refusals' reasons in the operator's language as the audit screen shows them. */
  audit(filter: AuditFilter, span: ListSpan<AuditSort>, locale: Locale): CsvExport {
    return {
      header: [this.zoned('at'), 'username', 'roles', 'action', 'target', 'changes', 'outcome', 'reason', 'address'],
      pages: pagesOf(this.auditLog.pages(filter, span), (entry) => [
        this.time(entry.at),
        entry.username,
        entry.roles.join(' '),
        entry.action,
        entry.target,
        changesText(entry.changes),
        entry.outcome,
        entry.reason === null ? null : reasonIn(entry.reason, locale),
        entry.address,
      ]),
    };
  }
}
