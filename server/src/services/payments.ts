import { randomBytes } from 'node:crypto';
import type { Cashier, LoanStatus, PaymentChannel } from '@instalment/shared/api';
import { SANDBOX_ENDPOINTS } from '@instalment/shared/api';
import {
  calendarDate,
  checkPeriodSelection,
  formatPeriods,
  fromFen,
  isRepayable,
  loanMessages,
  parsePeriods,
} from '@instalment/shared/loan';
import { translator } from '@instalment/shared/i18n';
import { iso, type Context } from '../context';
import { Refusal } from '../http/errors';
import type { CatalogueService } from './catalogue';
import type { InstalmentState, LoanRow, LoanService } from './loans';

/** How long a payment stays open at the gateway. */
export const PAYMENT_TTL_MS = 30 * 60 * 1000;

export const PAYMENT_NO = /^P\d{8}[0-9A-F]{10}$/;

const en = translator(loanMessages, 'en');

const NOTHING_TO_PAY: Partial<Record<LoanStatus, string>> = {
  pending: 'This loan is still under review; there is nothing to pay yet.',
  rejected: 'This application was rejected; there is nothing to pay.',
  settled: 'This loan is settled; there is nothing left to pay.',
};

export interface PaymentRow {
  id: number;
  payment_no: string;
  loan_id: number;
  periods: string;
  amount_fen: number;
  status: 'open' | 'paid' | 'superseded' | 'void';
  channel: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
}

export type PaymentOutcome = 'success' | 'failed';

/**
 * The cashier and the payments it opens. One order has at most one open payment: asking again
 * for the same instalments returns it, asking for others supersedes it, and a payment whose
 * instalments were meanwhile paid another way is void — so nothing is ever paid twice.
 */
export class PaymentService {
  constructor(
    private readonly ctx: Context,
    private readonly loans: LoanService,
    private readonly catalogue: CatalogueService,
  ) {}

  /** The unpaid instalments of a repayable loan; refuses with a reason for any other loan. */
  dueStates(loan: LoanRow): InstalmentState[] {
    const states = this.loans.instalmentStates(loan);
    const open = states.filter((state) => state.view.status !== 'paid');
    if (!isRepayable(loan.status) || open.length === 0) {
      throw new Refusal(NOTHING_TO_PAY[loan.status] ?? NOTHING_TO_PAY.settled!);
    }
    return open;
  }

  /** Periods as asked for ("1,2"), or by default every overdue one plus the next one due. */
  selectPeriods(open: InstalmentState[], periodsText: string): number[] {
    if (periodsText === '') {
      const overdue = open.filter((state) => state.view.status === 'overdue').map((state) => state.view.period);
      const next = open.find((state) => state.view.status === 'unpaid');
      return next ? [...overdue, next.view.period] : overdue;
    }
    const selected = parsePeriods(periodsText);
    if (selected === null) throw new Refusal('periods must be instalment numbers separated by commas, such as "1,2".');
    const problem = checkPeriodSelection(
      open.map((state) => state.view.period),
      selected,
    );
    if (problem) throw new Refusal(en(problem));
    return [...new Set(selected)].sort((a, b) => a - b);
  }

  cashier(userId: number, orderNo: string, periodsText: string): Cashier {
    const loan = this.loans.find(userId, orderNo);
    const open = this.dueStates(loan);
    const periods = this.selectPeriods(open, periodsText);
    const items = open.filter((state) => periods.includes(state.view.period));
    const amountFen = items.reduce((sum, state) => sum + state.totalFen, 0);
    const payment = this.openPayment(loan, formatPeriods(periods), amountFen);
    return {
      order_no: loan.order_no,
      items: items.map((state) => state.view),
      total: fromFen(amountFen),
      channels: this.catalogue.enabledChannels(),
      payment_no: payment.payment_no,
      pay_url: `${SANDBOX_ENDPOINTS.payPage}?payment_no=${payment.payment_no}`,
      expires_at: iso(payment.expires_at),
    };
  }

  private openPayment(loan: LoanRow, periods: string, amountFen: number): PaymentRow {
    const { db } = this.ctx;
    const now = this.ctx.now();
    return db.transaction(() => {
      const current = db
        .prepare("SELECT * FROM payments WHERE loan_id = ? AND status = 'open' AND expires_at > ? ORDER BY id DESC LIMIT 1")
        .get(loan.id, now) as PaymentRow | undefined;
      // The amount is part of the match: a day later the penalty, and so the price, may differ.
      if (current && current.periods === periods && current.amount_fen === amountFen) return current;
      db.prepare("UPDATE payments SET status = 'superseded' WHERE loan_id = ? AND status = 'open'").run(loan.id);
      const paymentNo = `P${calendarDate(now).replace(/-/g, '')}${randomBytes(5).toString('hex').toUpperCase()}`;
      const id = db
        .prepare(
          "INSERT INTO payments (payment_no, loan_id, periods, amount_fen, status, created_at, expires_at) VALUES (?, ?, ?, ?, 'open', ?, ?)",
        )
        .run(paymentNo, loan.id, periods, amountFen, now, now + PAYMENT_TTL_MS).lastInsertRowid;
      return db.prepare('SELECT * FROM payments WHERE id = ?').get(id) as PaymentRow;
    })();
  }

  byNumber(paymentNo: string): (PaymentRow & { order_no: string }) | null {
    if (!PAYMENT_NO.test(paymentNo)) return null;
    return (
      (this.ctx.db
        .prepare('SELECT payments.*, loans.order_no FROM payments JOIN loans ON loans.id = payments.loan_id WHERE payment_no = ?')
        .get(paymentNo) as (PaymentRow & { order_no: string }) | undefined) ?? null
    );
  }

  isExpired(payment: PaymentRow): boolean {
    return payment.status === 'open' && payment.expires_at <= this.ctx.now();
  }

  gatewayChannel(code: string): PaymentChannel | null {
    return this.catalogue.enabledChannels().find((channel) => channel.kind === 'gateway' && channel.code === code) ?? null;
  }

  /**
   * The gateway's confirmation. Idempotent: confirming a paid payment again succeeds without
   * paying anything twice; an expired, superseded or void one fails.
   */
  confirm(paymentNo: string, channel: string): PaymentOutcome {
    const { db } = this.ctx;
    return db.transaction((): PaymentOutcome => {
      const payment = this.byNumber(paymentNo);
      if (!payment) return 'failed';
      if (payment.status === 'paid') return 'success';
      if (payment.status !== 'open' || this.isExpired(payment)) return 'failed';
      const loan = this.loans.byId(payment.loan_id);
      const periods = payment.periods.split(',').map(Number);
      const unpaid = new Set(this.loans.instalmentStates(loan).filter((state) => state.view.status !== 'paid').map((state) => state.view.period));
      if (!periods.every((period) => unpaid.has(period))) {
        db.prepare("UPDATE payments SET status = 'void' WHERE id = ?").run(payment.id);
        return 'failed';
      }
      const now = this.ctx.now();
      this.loans.markPaid(loan, periods, `payment:${payment.payment_no}`, now);
      db.prepare("UPDATE payments SET status = 'paid', channel = ?, paid_at = ? WHERE id = ?").run(channel, now, payment.id);
      return 'success';
    })();
  }

  /** Instalments paid by other means leave the open payments that cover them void. */
  voidCovering(loanId: number, periods: readonly number[]): void {
    const open = this.ctx.db.prepare("SELECT id, periods FROM payments WHERE loan_id = ? AND status = 'open'").all(loanId) as PaymentRow[];
    for (const payment of open) {
      if (payment.periods.split(',').map(Number).some((period) => periods.includes(period))) {
        this.ctx.db.prepare("UPDATE payments SET status = 'void' WHERE id = ?").run(payment.id);
      }
    }
  }
}
