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
  Proof,
} from '@instalment/contract/api';
import type { Locale } from '@instalment/contract/i18n';
import {
  annualRateBp,
  applicationProblemText,
  checkApplication,
  computeSchedule,
  daysBetween,
  fromFen,
  loanStatusLabel,
  rejectionText,
  toFen,
  type ApplicationProblem,
} from '@instalment/contract/loan';
import { iso, type Context } from '../runtime/context';
import type { PageRequest } from './page';
import type { CatalogueService } from './catalogue';
import type { ConsentService } from './consents';
import { Ledger, type InstalmentState } from './ledger';
import type { CreditService } from './credit';
import { isUniqueViolation, type Store } from '../db/store';
import { LoanRecords, type LoanRow, type NewLoan, type Rejection, type SummaryRow } from '../repositories/loans';
import { ProofRecords } from '../repositories/proofs';
import { RateLimitRecords } from '../repositories/rate-limits';
import { IdCardHeldByOther, Refusal, sentenceOf } from './refusals';
import { proofView } from './proof-view';
import { paidByAutopay } from './paid-how';
import { AnswerCache } from './answer-cache';
import type { UserRow } from '../repositories/users';
import { businessDay, dayRange } from './business-time';
import { maskedIdentity, type MaskedIdentity } from './masked-identity';

export type { LoanRow };

/** An application as the route's schema took it: the purpose, like every value, is judged by the rules here. */
export type ApplicationForm = Omit<LoanApplication, 'purpose'> & { purpose: string };

/**
 * "This ID card is registered to another account" tells whoever hears it that the number is a
 * customer's: an applicant who mistyped their own needs it a few times a day, a prober trying
 * numbers gets no more, whether or not their account has an ID number bound yet. Counted in the
 * database's rate-limit windows (migration 005), swept with them after a day.
 */
const ID_CARD_REFUSALS = { bucket: 'loan:id-card-other-account', perAccount: 3, perAddress: 10, windowMs: 24 * 3600 * 1000 };

/** The counts an ID number's refusals go to, the account's and the address's, with the locks that guard them. */
const idCardTries = (userId: number, address: string) =>
  (
    [
      [`user:${userId}`, ID_CARD_REFUSALS.perAccount],
      [`address:${address}`, ID_CARD_REFUSALS.perAddress],
    ] as const
  ).map(([key, max]) => ({ key, max, lock: `${ID_CARD_REFUSALS.bucket}:${key}` }));

export class LoanService {
  constructor(
    private readonly ctx: Context,
    private readonly catalogue: CatalogueService,
    private readonly ledger: Ledger,
    private readonly credit: CreditService,
    private readonly consents: ConsentService,
  ) {
    this.records = new LoanRecords(ctx.store);
    this.proofs = new ProofRecords(ctx.store);
  }

  private readonly records: LoanRecords;
  private readonly proofs: ProofRecords;
  /** Pages of my loans by user, page and size; a few thousand borrowers' first pages. */
  private readonly pages = new AnswerCache<MyLoansPage>(5_000);

  /** The same service on a write's transaction. */
  on(tx: Store): LoanService {
    return new LoanService({ ...this.ctx, store: tx }, this.catalogue, this.ledger.on(tx), this.credit.on(tx), this.consents);
  }

  /** The business day last read and the instants it spans: formatting an instant in the time zone costs more than a kept page of my loans. */
  private day = { day: '', startMs: 0, endMs: 0 };

  private today(): string {
    const now = this.ctx.now();
    if (now < this.day.startMs || now >= this.day.endMs) {
      const day = businessDay(this.ctx, now);
      this.day = { day, ...dayRange(day, this.ctx.config.businessTimezone) };
    }
    return this.day.day;
  }

  /** `address`: the client's, which the refusals of an ID number bound to another account are counted against too. */
  async create(userId: number, form: ApplicationForm, address: string): Promise<LoanCreated> {
    await this.consents.requireCurrent(userId, sentenceOf('agreeBeforeApplying'));
    const orderNo = await this.admitted(userId, form, address);
    this.ctx.metrics.applications.inc();
    await this.approveDue(userId);
    return { order_no: orderNo };
  }

  /** Judges the application and records it; its order number. */
  private async admitted(userId: number, form: ApplicationForm, address: string): Promise<string> {
    const rates = await this.catalogue.rates();
    // The rules judge what the applicant meant, not the spaces around it.
    const application: LoanApplication = {
      amount: form.amount.trim(),
      term: form.term,
      purpose: form.purpose.trim() as LoanPurpose,
      real_name: form.real_name.trim(),
      id_card: form.id_card.trim().toUpperCase(),
      bank_card: form.bank_card.trim(),
      bank_name: form.bank_name.trim(),
      agree_contract: form.agree_contract,
    };
    const problems = Object.entries(checkApplication(application, rates)) as Array<[keyof LoanApplication, ApplicationProblem]>;
    if (problems.length > 0) throw new Refusal((locale) => applicationProblemText(problems[0][1], rates, locale));

    const offer = rates.terms.find((item) => item.term === application.term)!;
    const now = this.ctx.now();
    const mode = this.ctx.config.approvalMode;
    const amountFen = toFen(application.amount!)!;
    const identity = { realName: application.real_name!, idCard: application.id_card! };
    // Checked and recorded under one lock on the account's credit, so simultaneous applications
    // (from this process or another on the same database) cannot each see the same available credit.
    // The refusals of an ID number bound to another account are counted under the same write, with
    // their account's and address's counts locked: applications sent at once are judged one after
    // another against the refusals before them (counted after the write, eight sent together all
    // passed the count; counted before judging, honest ones sent together used the tries up).
    const tries = idCardTries(userId, address);
    const admitted = await this.ctx.store.write([...this.credit.locks(userId, identity), ...tries.map(({ lock }) => lock)], async (tx) => {
      const counts = new RateLimitRecords(tx);
      for (const { key, max } of tries) {
        const count = await counts.peek(ID_CARD_REFUSALS.bucket, key);
        if (count && count.window_start + ID_CARD_REFUSALS.windowMs > now && count.hits >= max) {
          const minutes = Math.max(1, Math.ceil((count.window_start + ID_CARD_REFUSALS.windowMs - now) / 60_000));
          throw new Refusal(sentenceOf('idCardTriesUsed', { minutes }));
        }
      }
      const held = this.on(tx);
      try {
        await held.credit.admit(userId, amountFen, identity);
      } catch (error) {
        if (!(error instanceof IdCardHeldByOther)) throw error;
        // Counted in the write that refused, which then commits: the refusal is told after it.
        for (const { key } of tries) await counts.hit(ID_CARD_REFUSALS.bucket, key, now, ID_CARD_REFUSALS.windowMs);
        return error;
      }
      return held.insertLoan({
        user_id: userId,
        amount_fen: amountFen,
        term: offer.term,
        monthly_rate_bp: offer.monthly_rate_bp,
        monthly_fee_bp: offer.monthly_fee_bp,
        penalty_bp: rates.overdue_daily_penalty_bp,
        grace_days: rates.grace_days,
        purpose: application.purpose!,
        real_name: application.real_name!,
        id_card: this.ctx.cipher.seal(application.id_card!),
        bank_card: this.ctx.cipher.seal(application.bank_card!),
        bank_name: application.bank_name!,
        status: 'pending',
        created_at: now,
        approve_after: mode === 'manual' ? null : mode === 'delay' ? now + this.ctx.config.approvalDelaySeconds * 1000 : now,
      });
    });
    if (admitted instanceof IdCardHeldByOther) throw admitted;
    return admitted;
  }

  /** Records the application under a fresh random order number (drawn again on the rare collision). */
  private async insertLoan(loan: Omit<NewLoan, 'order_no'>): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const orderNo = `L${this.today().replace(/-/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      try {
        // PostgreSQL aborts a transaction on a failed statement; a savepoint keeps the application's write alive.
        await this.ctx.store.attempt(() => this.records.insert({ ...loan, order_no: orderNo }));
        return orderNo;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
      }
    }
  }

  /**
   * The money is sent: the schedule starts on the day of disbursement. In one write, and only
   * once: another process's sweep or a second operator may have got there first (false then).
   */
  private async disburseHeld(tx: Store, loan: LoanRow, atMs: number, reference: string | null): Promise<boolean> {
    const records = new LoanRecords(tx);
    if (!(await records.markDisbursed(loan.id, atMs, reference))) return false;
    const schedule = computeSchedule({
      amountFen: loan.amount_fen,
      term: loan.term,
      monthlyRateBp: loan.monthly_rate_bp,
      monthlyFeeBp: loan.monthly_fee_bp,
      startDate: businessDay(this.ctx, atMs),
    });
    await records.insertSchedule(
      loan.id,
      schedule.instalments.map((item) => ({
        period: item.period,
        due_date: item.dueDate,
        principal_fen: item.principalFen,
        interest_fen: item.interestFen,
        fee_fen: item.feeFen,
      })),
    );
    return true;
  }

  /**
   * Rule-based lending: approves and disburses the applications whose review time has come, the
   * caller's own right after applying (auto mode), everyone's in the scheduled sweep (delay mode).
   * Reads never approve.
   */
  async approveDue(userId: number | null): Promise<void> {
    for (const loan of await this.records.dueForApproval(this.ctx.now(), userId)) await this.disburseDue(loan);
  }

  /** One application of the sweep, as of its review time. */
  private async disburseDue(loan: LoanRow): Promise<boolean> {
    const done = await this.ctx.store.write([Ledger.lock(loan.id)], (tx) => this.disburseHeld(tx, loan, loan.approve_after!, null));
    if (done) this.ctx.metrics.disbursements.inc({ by: 'rules' });
    return done;
  }

  /** A loan by order number, whoever's it is (staff and development routes). */
  async byOrderNo(orderNo: string): Promise<LoanRow> {
    const loan = await this.records.byOrderNo(orderNo);
    if (!loan) throw new Refusal(sentenceOf('orderNotFound'));
    return loan;
  }

  private notInState(loan: LoanRow): Refusal {
    return new Refusal((locale) => sentenceOf('loanNotPending', { status: loanStatusLabel(loan.status, locale) })(locale));
  }

  /** A refusal naming the loan's status unless it is `status`. */
  requireStatus(loan: LoanRow, status: LoanStatus): void {
    if (loan.status !== status) throw this.notInState(loan);
  }

  /** A reviewer's yes: the loan waits for finance to send the money. Call holding the loan's lock. */
  async approve(orderNo: string): Promise<LoanRow> {
    const loan = await this.byOrderNo(orderNo);
    if (!(await this.records.markApproved(loan.id, this.ctx.now()))) throw this.notInState(loan);
    return (await this.records.byId(loan.id))!;
  }

  /** A no with the reason the borrower reads, before any money was sent. Call holding the loan's lock. */
  async reject(orderNo: string, why: Rejection): Promise<LoanRow> {
    const loan = await this.byOrderNo(orderNo);
    if (!(await this.records.markRejected(loan.id, this.ctx.now(), why))) throw this.notInState(loan);
    return (await this.records.byId(loan.id))!;
  }

  /** Finance sent the money (the bank's reference): an approved loan starts repaying. Call holding the loan's lock. */
  async disburse(orderNo: string, reference: string): Promise<LoanRow> {
    const loan = await this.byOrderNo(orderNo);
    if (loan.status !== 'approved' || !(await this.disburseHeld(this.ctx.store, loan, this.ctx.now(), reference)))
      throw this.notInState(loan);
    this.ctx.metrics.disbursements.inc({ by: 'staff' });
    return (await this.records.byId(loan.id))!;
  }

  /** The development route's review: approve sends the money at once, reject is final. */
  async review(orderNo: string, decision: 'approve' | 'reject'): Promise<LoanStatus> {
    const loan = await this.byOrderNo(orderNo);
    return this.ctx.store.write([Ledger.lock(loan.id)], async (tx) => {
      const held = this.on(tx);
      if (decision === 'reject') return (await held.reject(orderNo, { code: null, text: null })).status;
      await held.approve(orderNo);
      return (await held.disburse(orderNo, 'development')).status;
    });
  }

  /** The caller's own loan by order number; anyone else's reads as missing. */
  async find(userId: number, orderNo: string): Promise<LoanRow> {
    if (orderNo === '') throw new Refusal(sentenceOf('enterOrderNo'));
    const loan = await this.records.ofUser(userId, orderNo);
    if (!loan) throw new Refusal(sentenceOf('orderNotFound'));
    return loan;
  }

  masked(loan: LoanRow): MaskedIdentity {
    return maskedIdentity(this.ctx.cipher, loan);
  }

  async byId(id: number): Promise<LoanRow> {
    const loan = await this.records.byId(id);
    if (!loan) throw new Error(`loan ${id} is missing`);
    return loan;
  }

  /**
   * A disbursed loan's status is read from its instalments (overdue is a matter of the date);
   * the stored one changes only when money moves, so a read never writes.
   */
  summary(loan: SummaryRow, states: InstalmentState[]): LoanSummary {
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

  /**
   * A page of the caller's loans in a constant number of queries, however many loans they have;
   * none while their loans and instalments are as they were when this process last answered the
   * same page that day (`loans_version`, read with the caller's account before any loan row).
   */
  async list(user: Pick<UserRow, 'id' | 'loans_version'>, page: PageRequest): Promise<MyLoansPage> {
    const key = `${user.id}:${page.page}:${page.limit}`;
    const today = this.today();
    const stamp = `${user.loans_version}:${today}`;
    const kept = this.pages.get(key, stamp);
    if (kept) return kept;
    const [total, rows] = await Promise.all([
      this.records.countOfUser(user.id),
      this.records.summariesOfUser(user.id, page.limit, (page.page - 1) * page.limit),
    ]);
    // A summary shows no proof under review: their periods are not read.
    const states = await this.ledger.statesOfLoans(rows, today, false);
    const answer = { list: rows.map((loan) => this.summary(loan, states.get(loan.id) ?? [])), total, page: page.page, limit: page.limit };
    this.pages.keep(key, stamp, answer);
    return answer;
  }

  /** A loan whole, in `locale`: the borrower reads why it was rejected in their own language. */
  async detail(userId: number, orderNo: string, locale: Locale): Promise<LoanDetail> {
    const loan = await this.find(userId, orderNo);
    const [states, vouchers] = await Promise.all([this.ledger.states(loan), this.vouchers(loan)]);
    const schedule = computeSchedule({
      amountFen: loan.amount_fen,
      term: loan.term,
      monthlyRateBp: loan.monthly_rate_bp,
      monthlyFeeBp: loan.monthly_fee_bp,
      startDate: businessDay(this.ctx, loan.disbursed_at ?? this.ctx.now()),
    });
    const overdue = states.filter((state) => state.view.status === 'overdue');
    return {
      ...this.summary(loan, states),
      purpose: loan.purpose,
      real_name: loan.real_name,
      ...this.masked(loan),
      bank_name: loan.bank_name,
      monthly_rate_bp: loan.monthly_rate_bp,
      monthly_fee_bp: loan.monthly_fee_bp,
      monthly_payment: fromFen(schedule.monthlyPaymentFen),
      total_interest: fromFen(schedule.totalInterestFen),
      total_fee: fromFen(schedule.totalFeeFen),
      total_repayment: fromFen(schedule.totalRepaymentFen),
      paid_periods: states.filter((state) => state.view.status === 'paid').length,
      approved_at: loan.approved_at === null ? null : iso(loan.approved_at),
      disbursed_at: loan.disbursed_at === null ? null : iso(loan.disbursed_at),
      reject_reason: rejectionText(loan.reject_code, loan.reject_reason, locale),
      settled_at: loan.settled_at === null ? null : iso(loan.settled_at),
      overdue_days: overdue.reduce((max, state) => Math.max(max, state.view.overdue_days), 0),
      penalty: fromFen(overdue.reduce((sum, state) => sum + state.ledger.penaltyFen, 0)),
      vouchers,
      apr_bp: annualRateBp(
        loan.amount_fen,
        schedule.instalments.map((item) => item.totalFen),
      ),
    };
  }

  async instalments(userId: number, orderNo: string): Promise<InstalmentsResult> {
    const loan = await this.find(userId, orderNo);
    const [states, autopay] = await Promise.all([
      this.ledger.states(loan),
      this.records.instalmentsOf([loan.id]).then((rows) => paidByAutopay(this.ctx.store, loan.id, rows)),
    ]);
    return { order_no: loan.order_no, list: states.map((state) => ({ ...state.view, paid_by_autopay: autopay.has(state.view.period) })) };
  }

  private async vouchers(loan: LoanRow): Promise<Proof[]> {
    return (await this.proofs.ofLoan(loan.id)).map((row) => proofView(loan.order_no, row));
  }

  /**
   * Moves a loan's whole timeline `days` into the past, as if it had been taken out earlier
   * (development route: lets a browser see overdue instalments without waiting a month).
   */
  async age(orderNo: string, days: number, minutes = 0): Promise<void> {
    const loan = await this.byOrderNo(orderNo);
    const ms = (days * 24 * 60 + minutes) * 60_000;
    // The schedule moves by as many calendar days as the disbursement (else the application) did.
    const from = loan.disbursed_at ?? loan.created_at;
    const dueDays = daysBetween(businessDay(this.ctx, from - ms), businessDay(this.ctx, from));
    await this.ctx.store.write([Ledger.lock(loan.id)], (tx) => new LoanRecords(tx).shiftIntoPast(loan, ms, dueDays));
  }
}
