import { randomInt } from 'node:crypto';
import type {
  InstalmentsResult,
  LoanApplication,
  LoanCreated,
  LoanDetail,
  LoanPurpose,
  LoanStatus,
  LoanSummary,
  MyLoansPage,
  Voucher,
} from '@instalment/shared/api';
import { maskBankCard, maskIdCard } from '@instalment/shared/format';
import {
  annualRateBp,
  applicationProblemText,
  calendarDate,
  checkApplication,
  computeSchedule,
  fromFen,
  loanStatusLabel,
  parsePeriods,
  toFen,
  type ApplicationProblem,
} from '@instalment/shared/loan';
import { iso, type Context } from '../context';
import { Refusal } from '../http/errors';
import { text, type Fields, type PageRequest } from '../http/input';
import type { CatalogueService } from './catalogue';
import type { CreditService } from './credit';
import type { InstalmentState, Ledger } from './ledger';
import { say } from '../http/say';

export interface LoanRow {
  id: number;
  order_no: string;
  user_id: number;
  amount_fen: number;
  term: number;
  monthly_rate_bp: number;
  monthly_fee_bp: number;
  penalty_bp: number;
  grace_days: number;
  purpose: LoanPurpose;
  real_name: string;
  id_card: string;
  bank_card: string;
  bank_name: string;
  status: LoanStatus;
  created_at: number;
  approve_after: number | null;
  approved_at: number | null;
  rejected_at: number | null;
  settled_at: number | null;
}

interface VoucherRow {
  id: number;
  periods: string;
  amount_fen: number;
  file_url: string;
  remark: string;
  status: Voucher['status'];
  created_at: number;
}

const isAgreed = (value: unknown) => value === true || value === 1 || value === 'true' || value === '1';

export class LoanService {
  constructor(
    private readonly ctx: Context,
    private readonly catalogue: CatalogueService,
    private readonly ledger: Ledger,
    private readonly credit: CreditService,
  ) {}

  private today(): string {
    return calendarDate(this.ctx.now());
  }

  create(userId: number, body: Fields): LoanCreated {
    const rates = this.catalogue.rates();
    const application: Partial<LoanApplication> = {
      amount: text(body, 'amount'),
      term: Number(text(body, 'term')),
      purpose: text(body, 'purpose') as LoanPurpose,
      real_name: text(body, 'real_name'),
      id_card: text(body, 'id_card').toUpperCase(),
      bank_card: text(body, 'bank_card'),
      bank_name: text(body, 'bank_name'),
      agree_contract: isAgreed(body.agree_contract),
    };
    const problems = Object.entries(checkApplication(application, rates)) as Array<[keyof LoanApplication, ApplicationProblem]>;
    if (problems.length > 0) throw new Refusal((locale) => applicationProblemText(problems[0][1], rates, locale));

    const offer = rates.terms.find((item) => item.term === application.term)!;
    const now = this.ctx.now();
    const mode = this.ctx.config.approvalMode;
    const amountFen = toFen(application.amount!)!;
    // Checked and recorded under one write lock, so simultaneous applications (from this process
    // or another on the same database) cannot each see the same available credit.
    const orderNo = this.ctx.db
      .transaction(() => {
        this.credit.admit(userId, amountFen, { realName: application.real_name!, idCard: application.id_card! });
        return this.insertLoan({
          user_id: userId,
          amount_fen: amountFen,
          term: offer.term,
          monthly_rate_bp: offer.monthly_rate_bp,
          monthly_fee_bp: offer.monthly_fee_bp,
          penalty_bp: rates.overdue_daily_penalty_bp,
          grace_days: rates.grace_days,
          purpose: application.purpose!,
          real_name: application.real_name!,
          id_card: application.id_card!,
          bank_card: application.bank_card!,
          bank_name: application.bank_name!,
          status: 'pending',
          created_at: now,
          approve_after: mode === 'manual' ? null : mode === 'delay' ? now + this.ctx.config.approvalDelaySeconds * 1000 : now,
        });
      })
      .immediate();
    this.approveDue(userId);
    return { order_no: orderNo };
  }

  private insertLoan(loan: Omit<LoanRow, 'id' | 'order_no' | 'approved_at' | 'rejected_at' | 'settled_at'>): string {
    const columns = Object.keys(loan);
    const insert = this.ctx.db.prepare(
      `INSERT INTO loans (order_no, ${columns.join(', ')}) VALUES (@order_no, ${columns.map((name) => `@${name}`).join(', ')})`,
    );
    for (let attempt = 0; ; attempt += 1) {
      const orderNo = `L${this.today().replace(/-/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      try {
        insert.run({ ...loan, order_no: orderNo });
        return orderNo;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE' || attempt >= 20) throw error;
      }
    }
  }

  /** Approval + disbursal: the schedule starts on the day of approval. */
  private approve(loan: LoanRow, atMs: number): void {
    const schedule = computeSchedule({
      amountFen: loan.amount_fen,
      term: loan.term,
      monthlyRateBp: loan.monthly_rate_bp,
      monthlyFeeBp: loan.monthly_fee_bp,
      startDate: calendarDate(atMs),
    });
    const insert = this.ctx.db.prepare(
      'INSERT INTO instalments (loan_id, period, due_date, principal_fen, interest_fen, fee_fen) VALUES (?, ?, ?, ?, ?, ?)',
    );
    // Under the write lock, and only if still pending: another process's sweep may have approved it already.
    this.ctx.db
      .transaction(() => {
        const approved = this.ctx.db
          .prepare("UPDATE loans SET status = 'repaying', approved_at = ? WHERE id = ? AND status = 'pending'")
          .run(atMs, loan.id).changes;
        if (approved === 0) return;
        for (const item of schedule.instalments)
          insert.run(loan.id, item.period, item.dueDate, item.principalFen, item.interestFen, item.feeFen);
      })
      .immediate();
  }

  /**
   * Approves the applications whose review time has come: the caller's own right after applying
   * (auto mode), everyone's in the scheduled sweep (delay mode). Reads never approve.
   */
  approveDue(userId: number | null): void {
    const rows = this.ctx.db
      .prepare(
        `SELECT * FROM loans WHERE status = 'pending' AND approve_after IS NOT NULL AND approve_after <= ? ${userId === null ? '' : 'AND user_id = ?'}`,
      )
      .all(...(userId === null ? [this.ctx.now()] : [this.ctx.now(), userId])) as LoanRow[];
    for (const loan of rows) this.approve(loan, loan.approve_after!);
  }

  /** The manual review (development route): approve disburses now, reject is final. */
  review(orderNo: string, decision: 'approve' | 'reject'): LoanStatus {
    const loan = this.ctx.db.prepare('SELECT * FROM loans WHERE order_no = ?').get(orderNo) as LoanRow | undefined;
    if (!loan) throw new Refusal(say('orderNotFound'));
    if (loan.status !== 'pending')
      throw new Refusal((locale) => say('loanNotPending', { status: loanStatusLabel(loan.status, locale) })(locale));
    if (decision === 'approve') this.approve(loan, this.ctx.now());
    else this.ctx.db.prepare("UPDATE loans SET status = 'rejected', rejected_at = ? WHERE id = ?").run(this.ctx.now(), loan.id);
    return decision === 'approve' ? 'repaying' : 'rejected';
  }

  /** The caller's own loan by order number; anyone else's reads as missing. */
  find(userId: number, orderNo: string): LoanRow {
    if (orderNo === '') throw new Refusal(say('enterOrderNo'));
    const loan = this.ctx.db.prepare('SELECT * FROM loans WHERE order_no = ? AND user_id = ?').get(orderNo, userId) as LoanRow | undefined;
    if (!loan) throw new Refusal(say('orderNotFound'));
    return loan;
  }

  byId(id: number): LoanRow {
    return this.ctx.db.prepare('SELECT * FROM loans WHERE id = ?').get(id) as LoanRow;
  }

  /**
   * A disbursed loan's status is read from its instalments (overdue is a matter of the date);
   * the stored one changes only when money moves, so a read never writes.
   */
  private summary(loan: LoanRow, states: InstalmentState[]): LoanSummary {
    const status = this.ledger.statusOf(loan, states);
    const open = states.filter((state) => !state.ledger.paid);
    const next = open[0] ?? null;
    return {
      order_no: loan.order_no,
      amount: fromFen(loan.amount_fen),
      term: loan.term,
      status,
      status_label: loanStatusLabel(status),
      created_at: iso(loan.created_at),
      next_due_date: next ? next.view.due_date : null,
      next_due_amount: next ? next.view.total : null,
      remaining_principal: fromFen(open.reduce((sum, state) => sum + state.ledger.principalFen, 0)),
    };
  }

  /** A page of the caller's loans in a constant number of queries, however many loans they have. */
  list(userId: number, page: PageRequest): MyLoansPage {
    const { total } = this.ctx.db.prepare('SELECT COUNT(*) AS total FROM loans WHERE user_id = ?').get(userId) as { total: number };
    const rows = this.ctx.db
      .prepare('SELECT * FROM loans WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?')
      .all(userId, page.limit, (page.page - 1) * page.limit) as LoanRow[];
    const states = this.ledger.statesOfLoans(rows);
    return { list: rows.map((loan) => this.summary(loan, states.get(loan.id) ?? [])), total, page: page.page, limit: page.limit };
  }

  /** `base` is this server's absolute URL, which makes voucher file URLs absolute. */
  detail(userId: number, orderNo: string, base: string): LoanDetail {
    const loan = this.find(userId, orderNo);
    const states = this.ledger.states(loan);
    const schedule = computeSchedule({
      amountFen: loan.amount_fen,
      term: loan.term,
      monthlyRateBp: loan.monthly_rate_bp,
      monthlyFeeBp: loan.monthly_fee_bp,
      startDate: calendarDate(loan.approved_at ?? this.ctx.now()),
    });
    const overdue = states.filter((state) => state.view.status === 'overdue');
    return {
      ...this.summary(loan, states),
      purpose: loan.purpose,
      real_name: loan.real_name,
      id_card: maskIdCard(loan.id_card),
      bank_card: maskBankCard(loan.bank_card),
      bank_name: loan.bank_name,
      monthly_rate_bp: loan.monthly_rate_bp,
      monthly_fee_bp: loan.monthly_fee_bp,
      monthly_payment: fromFen(schedule.monthlyPaymentFen),
      total_interest: fromFen(schedule.totalInterestFen),
      total_fee: fromFen(schedule.totalFeeFen),
      total_repayment: fromFen(schedule.totalRepaymentFen),
      paid_periods: states.filter((state) => state.view.status === 'paid').length,
      approved_at: loan.approved_at === null ? null : iso(loan.approved_at),
      settled_at: loan.settled_at === null ? null : iso(loan.settled_at),
      overdue_days: overdue.reduce((max, state) => Math.max(max, state.view.overdue_days), 0),
      penalty: fromFen(overdue.reduce((sum, state) => sum + state.ledger.penaltyFen, 0)),
      vouchers: this.vouchers(loan, base),
      apr_bp: annualRateBp(
        loan.amount_fen,
        schedule.instalments.map((item) => item.totalFen),
      ),
    };
  }

  instalments(userId: number, orderNo: string): InstalmentsResult {
    const loan = this.find(userId, orderNo);
    return { order_no: loan.order_no, list: this.ledger.states(loan).map((state) => state.view) };
  }

  vouchers(loan: LoanRow, base: string): Voucher[] {
    const rows = this.ctx.db.prepare('SELECT * FROM vouchers WHERE loan_id = ? ORDER BY id DESC').all(loan.id) as VoucherRow[];
    return rows.map((row) => ({
      id: row.id,
      order_no: loan.order_no,
      periods: parsePeriods(row.periods) ?? [],
      amount: fromFen(row.amount_fen),
      file_url: `${base}${row.file_url}`,
      remark: row.remark,
      status: row.status,
      created_at: iso(row.created_at),
    }));
  }

  /**
   * Moves a loan's whole timeline `days` into the past, as if it had been taken out earlier
   * (development route: lets a browser see overdue instalments without waiting a month).
   */
  age(orderNo: string, days: number): void {
    const loan = this.ctx.db.prepare('SELECT * FROM loans WHERE order_no = ?').get(orderNo) as LoanRow | undefined;
    if (!loan) throw new Refusal(say('orderNotFound'));
    const shiftMs = days * 24 * 3600 * 1000;
    const shiftDate = `-${days} days`;
    this.ctx.db.transaction(() => {
      this.ctx.db
        .prepare(
          `UPDATE loans SET created_at = created_at - @ms, approve_after = approve_after - @ms, approved_at = approved_at - @ms,
             rejected_at = rejected_at - @ms, settled_at = settled_at - @ms WHERE id = @id`,
        )
        .run({ ms: shiftMs, id: loan.id });
      this.ctx.db
        .prepare('UPDATE instalments SET due_date = date(due_date, ?), paid_at = paid_at - ? WHERE loan_id = ?')
        .run(shiftDate, shiftMs, loan.id);
    })();
  }
}
