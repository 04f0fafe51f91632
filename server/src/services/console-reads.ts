import type {
  AuditEntry,
  Listing,
  OverdueLoan,
  PaymentStatus,
  Queues,
  ConsoleBorrower,
  ConsoleLoan,
  ConsoleLoanView,
  LoanPayee,
  ConsolePayment,
  ConsoleProof,
  ProofStatus,
  LoanStatus,
  Underwriting,
  EarlierLoan,
} from '@instalment/contract/api';
import { MAX_PAGE_SIZE, mayDo, type BorrowerMatches, type OperatorRole } from '@instalment/contract/api';
import { maskBankCard, maskIdCard, maskName, maskPhone } from '@instalment/contract/format';
import { ageOnIdCard, isBorrowerAge } from '@instalment/contract/validation';
import { annualRateBp, computeSchedule, fromFen, parsePeriods, priceOfPeriods, toFen } from '@instalment/contract/loan';
import { iso, type Context } from '../runtime/context';
import {
  ConsoleListRecords,
  type ListSpan,
  type ListWindow,
  type LoanSelection,
  type LoanSort,
  type PaymentSort,
  type ProofSort,
} from '../repositories/console-lists';
import { DifferenceRecords, type DifferenceRow } from '../repositories/differences';
import { LoanRecords, type LoanRow } from '../repositories/loans';
import { QueueRecords, type QueueTally } from '../repositories/queues';
import { ConsoleRecords, type ConsolePaymentRow, type ConsoleProofRow } from '../repositories/console-reads';
import { UserRecords, type UserRow } from '../repositories/users';
import { ID_TAIL_LENGTH, idTailIndex } from '../sealing/id-tail';
import type { Approvals } from './approvals';
import type { AuditService } from './audit';
import type { ConsentService } from './consents';
import type { CreditService } from './credit';
import type { DailyReports } from './daily-report';
import type { InstalmentState, Ledger } from './ledger';
import type { UploadService } from './uploads';
import { Refusal, sentenceOf } from './refusals';
import { businessDay } from './business-time';
import { paymentStanding } from './payment-standing';
import { paidHowOf } from './paid-how';
import { proofDeciders } from './proof-view';
import { loanTarget, userTarget, proofTarget } from './targets';

/** Which loans a console list shows: a status as the ledger derives it, and a search. */
export interface LoanFilter {
  status: LoanStatus | null;
  search?: string;
}

const HOUR_MS = 3_600_000;

/** How many borrowers a search answers: enough to pick from on a call; more asks for a longer query. */
const MATCHES_SHOWN = 20;
/** An ID tail longer than the indexed 4 characters is told apart by opening the numbers of those 4: at most this many. */
const TAIL_CANDIDATES = 1_000;

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * What the lender's staff see: the queues, a loan or a borrower whole, proofs with their images,
 * payments, and the overdue report — each read from the same ledger the borrower's app reads, so
 * the days and penalties are the ones the borrower sees.
 */
export class ConsoleReads {
  private readonly records: ConsoleRecords;
  private readonly loans: LoanRecords;
  private readonly users: UserRecords;
  private readonly lists: ConsoleListRecords;

  constructor(
    private readonly ctx: Context,
    private readonly ledger: Ledger,
    private readonly credit: CreditService,
    private readonly approvals: Approvals,
    private readonly audit: AuditService,
    private readonly uploads: UploadService,
    private readonly consents: ConsentService,
    private readonly reports: DailyReports,
  ) {
    this.records = new ConsoleRecords(ctx.store);
    this.loans = new LoanRecords(ctx.store);
    this.users = new UserRecords(ctx.store);
    this.lists = new ConsoleListRecords(ctx.store);
  }

  /** Each queue counted, with what it is worth and how long its oldest has waited; and today's money. */
  async queues(): Promise<Queues> {
    const queues = new QueueRecords(this.ctx.store);
    const today = businessDay(this.ctx, this.ctx.now());
    const [pending, approved, vouchers, approvals, differences, overdue, daily] = await Promise.all([
      queues.loans('pending'),
      queues.loans('approved'),
      queues.proofsPending(),
      queues.approvalsAwaiting(),
      queues.differencesOpen(),
      this.overdue(),
      this.reports.of(today),
    ]);
    const hoursSince = (ms: number | null) => (ms === null ? null : Math.floor((this.ctx.now() - ms) / HOUR_MS));
    const load = ({ fen, oldestMs }: QueueTally) => ({ amount: fromFen(fen), oldest_hours: hoursSince(oldestMs) });
    const overdueFen = overdue.reduce((sum, loan) => sum + toFen(loan.overdue_amount)!, 0);
    return {
      loans_pending: pending.count,
      loans_approved: approved.count,
      vouchers_pending: vouchers.count,
      approvals_awaiting: approvals.count,
      loans_overdue: overdue.length,
      differences_open: differences.count,
      loads: {
        loans_pending: load(pending),
        loans_approved: load(approved),
        vouchers_pending: load(vouchers),
        approvals_awaiting: { oldest_hours: hoursSince(approvals.oldestMs) },
        loans_overdue: {
          amount: fromFen(overdueFen),
          oldest_hours: overdue.length ? Math.max(...overdue.map((loan) => loan.overdue_days)) * 24 : null,
        },
        differences_open: load(differences),
      },
      today: { date: today, disbursed: daily.disbursed.amount, repaid: daily.repaid.amount },
    };
  }

  private consoleLoan(loan: LoanRow & { mobile: string }, status: LoanStatus, asked: ReadonlyMap<string, number>): ConsoleLoan {
    return {
      order_no: loan.order_no,
      user_id: loan.user_id,
      mobile: loan.mobile,
      real_name: loan.real_name,
      amount: fromFen(loan.amount_fen),
      term: loan.term,
      status,
      bank_name: loan.bank_name,
      bank_card: maskBankCard(this.ctx.cipher.open(loan.bank_card)),
      created_at: iso(loan.created_at),
      approved_at: isoOrNull(loan.approved_at),
      disbursed_at: isoOrNull(loan.disbursed_at),
      disbursement_ref: loan.disbursement_ref,
      reject_reason: loan.reject_reason || null,
      approval_id: asked.get(loanTarget(loan.order_no)) ?? null,
    };
  }

  /** Loans as listed: each status derived from its instalments, each with its disbursement waiting for a second operator. */
  private async consoleLoans(rows: Array<LoanRow & { mobile: string }>): Promise<ConsoleLoan[]> {
    const [states, asked] = await Promise.all([
      this.ledger.statesOfLoans(rows),
      this.approvals.awaitingFor(
        'loan.disburse',
        rows.map((row) => loanTarget(row.order_no)),
      ),
    ]);
    return rows.map((row) => this.consoleLoan(row, this.ledger.statusOf(row, states.get(row.id) ?? []), asked));
  }

  /** A page of loans; a disbursed loan's status, shown and filtered by, is read from its instalments. */
  async loanList(filter: LoanFilter, window: ListWindow<LoanSort>): Promise<Listing<ConsoleLoan>> {
    const { rows, total } = await this.lists.loans(await this.selectionOf(filter), window);
    return { list: await this.consoleLoans(rows), total };
  }

  /**
   * Every loan of a filter in the list's order, a page at a time (an export): the status is
   * derived as the list derives it, and the overdue loans that pick a status are read once.
   */
  async *loanPages(filter: LoanFilter, span: ListSpan<LoanSort>): AsyncGenerator<ConsoleLoan[]> {
    for await (const rows of this.lists.loanPages(await this.selectionOf(filter), span)) yield await this.consoleLoans(rows);
  }

  /**
   * The stored facts that pick the loans of a status: a loan being repaid is overdue, whatever
   * it stores, while one of its instalments is overdue by the ledger (the overdue report's loans).
   */
  private async selectionOf({ status, search }: LoanFilter): Promise<LoanSelection> {
    if (status !== 'overdue' && status !== 'repaying') return { statuses: status ? [status] : undefined, search };
    const overdue = (await this.overdueLoans()).map(({ loan }) => loan.id);
    return status === 'overdue' ? { ids: overdue, search } : { statuses: ['repaying', 'overdue'], exceptIds: overdue, search };
  }

  private async withMobile(loan: LoanRow): Promise<LoanRow & { mobile: string; account_closed_at: number | null }> {
    const user = (await this.users.byId(loan.user_id))!;
    return { ...loan, mobile: user.mobile, account_closed_at: user.closed_at };
  }

  async loanView(orderNo: string): Promise<ConsoleLoanView> {
    const found = await this.loans.byOrderNo(orderNo);
    if (!found) throw new Refusal(sentenceOf('orderNotFound'));
    const loan = await this.withMobile(found);
    const [states, vouchers, payments, underwriting, paidHow, ask] = await Promise.all([
      this.ledger.states(loan),
      this.records.proofsOfLoans([loan.id]),
      this.records.payments({ loanIds: [loan.id], limit: MAX_PAGE_SIZE, offset: 0 }),
      this.underwriting(loan),
      this.loans.instalmentsOf([loan.id]).then((rows) => paidHowOf(this.ctx.store, rows)),
      this.approvals.newestFor('loan.disburse', loanTarget(orderNo)),
    ]);
    // The loan's history holds its proofs' decisions too: they settle or refuse its instalments.
    const audit = await this.auditOf([loanTarget(orderNo), ...vouchers.map((voucher) => proofTarget(voucher.id))]);
    const awaiting = new Map(ask?.status === 'awaiting' ? [[loanTarget(orderNo), ask.id]] : []);
    const overdue = states.filter((state) => state.view.status === 'overdue');
    const schedule = computeSchedule({
      amountFen: loan.amount_fen,
      term: loan.term,
      monthlyRateBp: loan.monthly_rate_bp,
      monthlyFeeBp: loan.monthly_fee_bp,
      startDate: businessDay(this.ctx, loan.disbursed_at ?? this.ctx.now()),
    });
    return {
      ...this.consoleLoan(loan, this.ledger.statusOf(loan, states), awaiting),
      instalments: states.map((state) => ({ ...state.view, paid_how: paidHow.get(state.view.period) ?? null })),
      disbursement_ask: ask && {
        id: ask.id,
        status: ask.status,
        maker: ask.maker,
        created_at: ask.created_at,
        checker: ask.checker,
        decided_at: ask.decided_at,
        reason: ask.reason,
      },
      vouchers: await this.consoleProofs(vouchers),
      payments: await this.consolePayments(payments),
      audit,
      apr_bp: annualRateBp(
        loan.amount_fen,
        schedule.instalments.map((item) => item.totalFen),
      ),
      penalty: fromFen(overdue.reduce((sum, state) => sum + state.ledger.penaltyFen, 0)),
      overdue_days: overdue.reduce((max, state) => Math.max(max, state.view.overdue_days), 0),
      account_closed_at: isoOrNull(loan.account_closed_at),
      ...underwriting,
    };
  }

  /** Where a loan's money goes, whole: the card opened from its seal, for finance to make or check the transfer. */
  async payee(orderNo: string): Promise<LoanPayee> {
    const loan = await this.loans.byOrderNo(orderNo);
    if (!loan) throw new Refusal(sentenceOf('orderNotFound'));
    return {
      order_no: loan.order_no,
      real_name: loan.real_name,
      bank_name: loan.bank_name,
      bank_card: this.ctx.cipher.open(loan.bank_card),
    };
  }

  /** What a reviewer weighs beside the application: who applied, their credit, their record, what they agreed to. */
  private async underwriting(loan: LoanRow): Promise<Underwriting> {
    const [bound, credit, earlier, consents] = await Promise.all([
      this.users.credit(loan.user_id),
      this.credit.line(loan.user_id),
      this.earlierLoans(loan),
      this.consents.of(loan.user_id),
    ]);
    const idCard = this.ctx.cipher.open(loan.id_card);
    const age = ageOnIdCard(idCard, businessDay(this.ctx, loan.created_at));
    return {
      identity: {
        real_name: loan.real_name,
        id_card: maskIdCard(idCard),
        age,
        age_allowed: age !== null && isBorrowerAge(age),
        // Two encryptions of one number differ: the comparison is of the numbers themselves.
        matches_account: bound.id_card !== null && this.ctx.cipher.open(bound.id_card) === idCard && bound.real_name === loan.real_name,
      },
      purpose: loan.purpose,
      monthly_rate_bp: loan.monthly_rate_bp,
      monthly_fee_bp: loan.monthly_fee_bp,
      credit,
      earlier_loans: earlier,
      consents,
      reject_code: loan.reject_code,
    };
  }

  /** The borrower's loans before `loan`, each with how its instalments were paid, by the same ledger the borrower reads. */
  private async earlierLoans(loan: LoanRow): Promise<EarlierLoan[]> {
    const rows = (await this.loans.pageOfUser(loan.user_id, MAX_PAGE_SIZE, 0)).filter((row) => row.id < loan.id);
    const states = await this.ledger.statesOfLoans(rows);
    return rows.map((row) => {
      const instalments = (states.get(row.id) ?? []).map((state) => state.view);
      const paid = instalments.filter((instalment) => instalment.status === 'paid');
      return {
        order_no: row.order_no,
        status: this.ledger.statusOf(row, states.get(row.id) ?? []),
        amount: fromFen(row.amount_fen),
        term: row.term,
        created_at: iso(row.created_at),
        paid_on_time: paid.filter((instalment) => instalment.overdue_days === 0).length,
        paid_late: paid.filter((instalment) => instalment.overdue_days > 0).length,
        worst_overdue_days: instalments.reduce((worst, instalment) => Math.max(worst, instalment.overdue_days), 0),
      };
    });
  }

  private async consoleProofs(rows: ConsoleProofRow[]): Promise<ConsoleProof[]> {
    const [awaiting, deciders] = await Promise.all([
      this.approvals.awaitingFor(
        'voucher.confirm',
        rows.map((row) => proofTarget(row.id)),
      ),
      proofDeciders(this.ctx.store, this.approvals, rows),
    ]);
    return rows.map((row) => ({
      id: row.id,
      order_no: row.order_no,
      mobile: row.mobile,
      real_name: row.real_name,
      periods: parsePeriods(row.periods) ?? [],
      amount: fromFen(row.amount_fen),
      remark: row.remark,
      status: row.status,
      created_at: iso(row.created_at),
      bank_ref: row.bank_ref,
      reject_reason: row.reject_reason,
      approval_id: awaiting.get(proofTarget(row.id)) ?? null,
      decided_by: deciders.get(row.id) ?? null,
      decided_at: row.status === 'pending' ? null : isoOrNull(row.reviewed_at),
    }));
  }

  /** Proofs of a status (all: null), and of an order number or a phone containing `search`. */
  async proofList(status: ProofStatus | null, window: ListWindow<ProofSort>, search?: string): Promise<Listing<ConsoleProof>> {
    const { rows, total } = await this.lists.vouchers(status, window, search);
    return { list: await this.consoleProofs(rows), total };
  }

  async voucher(id: number): Promise<ConsoleProof> {
    const row = await this.records.voucher(id);
    if (!row) throw new Refusal(sentenceOf('proofNotFound'));
    return (await this.consoleProofs([row]))[0];
  }

  /** The receipt's file, for staff with the permission (never through a link that could travel). */
  async proofFile(id: number) {
    const row = await this.records.voucher(id);
    return row ? this.uploads.open(row.file_url) : null;
  }

  async payments(status: PaymentStatus | null, window: ListWindow<PaymentSort>): Promise<Listing<ConsolePayment>> {
    const { rows, total } = await this.lists.payments(status, window);
    return { list: await this.consolePayments(rows), total };
  }

  /** Every payment of a status in the list's order, a page at a time (an export). */
  async *paymentPages(status: PaymentStatus | null, span: ListSpan<PaymentSort>): AsyncGenerator<ConsolePayment[]> {
    for await (const rows of this.lists.paymentPages(status, span)) yield await this.consolePayments(rows);
  }

  /** Payments with what became of them, their differences read in one query. */
  private async consolePayments(rows: ConsolePaymentRow[]): Promise<ConsolePayment[]> {
    const differences = await new DifferenceRecords(this.ctx.store).ofPayments(rows.map((row) => row.id));
    return rows.map((row) => consolePayment(row, differences.get(row.id) ?? null));
  }

  /** Every loan with an instalment overdue today by the ledger, and those instalments. */
  private async overdueLoans(): Promise<Array<{ loan: LoanRow & { mobile: string }; overdue: InstalmentState[] }>> {
    const loans = await this.loans.withUnpaidDueBefore(businessDay(this.ctx, this.ctx.now()));
    const states = await this.ledger.statesOfLoans(loans);
    return loans
      .map((loan) => ({ loan, overdue: (states.get(loan.id) ?? []).filter((state) => state.view.status === 'overdue') }))
      .filter(({ overdue }) => overdue.length > 0);
  }

  /** The overdue report: every loan with an overdue instalment today, most days overdue first. */
  async overdue(): Promise<OverdueLoan[]> {
    const report: OverdueLoan[] = [];
    for (const { loan, overdue } of await this.overdueLoans()) {
      report.push({
        order_no: loan.order_no,
        mobile: loan.mobile,
        real_name: loan.real_name,
        overdue_periods: overdue.map((state) => state.view.period),
        overdue_days: Math.max(...overdue.map((state) => state.view.overdue_days)),
        // What the cashier would ask for these instalments today: the ledger's price, penalty included.
        overdue_amount: fromFen(
          priceOfPeriods(
            overdue.map((state) => state.ledger),
            overdue.map((state) => state.view.period),
          ),
        ),
        penalty: fromFen(overdue.reduce((sum, state) => sum + state.ledger.penaltyFen, 0)),
      });
    }
    return report.sort((a, b) => b.overdue_days - a.overdue_days);
  }

  /**
   * The borrowers a console query finds, newest account first, to pick one from: an order number
   * its borrower; digits the phones ending in them (a whole phone too) and, 4 to 6 of them, the ID
   * numbers ending in them; 4 to 6 characters ending in X an ID tail; a whole ID number its account;
   * anything else, of 2 characters or more, the real names and nicknames holding it (any case).
   * Borrowers with no loan are found as any other. Names and phones are masked for roles without
   * `personalData`, as in their exports; ID numbers always.
   */
  async borrowerSearch(query: string, roles: readonly OperatorRole[]): Promise<BorrowerMatches> {
    const words = query.trim().replace(/\s+/g, ' ');
    const found = await this.borrowersOf(words);
    const counts = await this.users.loanCounts(found.slice(0, MATCHES_SHOWN).map((user) => user.id));
    const whole = mayDo(roles, 'personalData');
    return {
      list: found.slice(0, MATCHES_SHOWN).map((user) => {
        const name = user.real_name ?? user.nickname;
        return {
          id: user.id,
          name: whole ? name : maskName(name),
          mobile: whole ? user.mobile : maskPhone(user.mobile),
          id_card: user.id_card === null ? null : maskIdCard(this.ctx.cipher.open(user.id_card)),
          loans: counts.get(user.id) ?? 0,
          closed_at: isoOrNull(user.closed_at),
        };
      }),
      more: found.length > MATCHES_SHOWN,
    };
  }

  /** The accounts `borrowerSearch` shows, one more than it shows when there are more; a refusal for a query too short to mean one borrower. */
  private async borrowersOf(words: string): Promise<UserRow[]> {
    const limit = MATCHES_SHOWN + 1;
    const one = (user: UserRow | null) => (user ? [user] : []);
    if (/^L\d{4,}$/i.test(words)) return one(await this.users.byOrderNo(words.toUpperCase()));
    if (/^\d{17}[\dX]$/i.test(words)) return one(await this.users.byIdCardIndex(this.ctx.cipher.blindIndex(words.toUpperCase())));
    const digits = /^\d+$/.test(words);
    // The last 4 to 6 characters of an ID number (its last may be X).
    const idTail = /^\d{3,5}[\dX]$/i.test(words);
    if (!digits && !idTail && Array.from(words).length >= 2) return this.users.searchByName(words, limit);
    if (words.length < ID_TAIL_LENGTH || (!digits && !idTail)) throw new Refusal(sentenceOf('borrowerSearchTooShort'));
    const [byPhone, byId] = await Promise.all([
      digits ? this.users.searchByPhoneTail(words, limit) : [],
      idTail ? this.byIdTail(words.toUpperCase(), limit) : [],
    ]);
    const merged = new Map([...byPhone, ...byId].map((user) => [user.id, user]));
    return [...merged.values()].sort((a, b) => b.id - a.id).slice(0, limit);
  }

  /** Accounts whose ID number ends in `tail`: by the index of its last 4 characters, the longer tails checked on the opened numbers. */
  private async byIdTail(tail: string, limit: number): Promise<UserRow[]> {
    const index = idTailIndex(this.ctx.cipher, tail);
    if (tail.length === ID_TAIL_LENGTH) return this.users.searchByIdTail(index, limit);
    const candidates = await this.users.searchByIdTail(index, TAIL_CANDIDATES);
    return candidates.filter((user) => this.ctx.cipher.open(user.id_card!).endsWith(tail)).slice(0, limit);
  }

  /** A borrower by phone with everything staff may need to help them. */
  async borrower(mobile: string): Promise<ConsoleBorrower> {
    const user = await this.users.byMobile(mobile);
    if (!user) throw new Refusal(sentenceOf('noUserWithPhone'));
    return this.borrowerView(user);
  }

  /** A borrower picked from a search, with everything staff may need to help them. */
  async borrowerById(id: number): Promise<ConsoleBorrower> {
    const user = await this.users.byId(id);
    if (!user) throw new Refusal(sentenceOf('borrowerNotFound'));
    return this.borrowerView(user);
  }

  private async borrowerView(user: UserRow): Promise<ConsoleBorrower> {
    const rows = await this.loans.pageOfUser(user.id, MAX_PAGE_SIZE, 0);
    const loans = rows.map((row) => ({ ...row, mobile: user.mobile }));
    const ids = loans.map((loan) => loan.id);
    const [vouchers, payments, credit] = await Promise.all([
      this.records.proofsOfLoans(ids),
      this.records.payments({ loanIds: ids, limit: MAX_PAGE_SIZE, offset: 0 }),
      this.credit.line(user.id),
    ]);
    // The borrower's staff actions hold their proofs' decisions too, as each loan's history does.
    const audit = await this.auditOf([
      userTarget(user.id),
      ...loans.map((loan) => loanTarget(loan.order_no)),
      ...vouchers.map((voucher) => proofTarget(voucher.id)),
    ]);
    return {
      user: {
        id: user.id,
        mobile: user.mobile,
        nickname: user.nickname,
        real_name: user.real_name,
        credit,
        createtime: user.createtime,
        closed_at: isoOrNull(user.closed_at),
      },
      loans: await this.consoleLoans(loans),
      vouchers: await this.consoleProofs(vouchers),
      payments: await this.consolePayments(payments),
      audit,
    };
  }

  private async auditOf(targets: string[]): Promise<AuditEntry[]> {
    const entries = await Promise.all(targets.map((target) => this.audit.list({ target, limit: MAX_PAGE_SIZE, offset: 0 })));
    return entries.flat().sort((a, b) => b.id - a.id);
  }
}

function consolePayment(row: ConsolePaymentRow, difference: DifferenceRow | null): ConsolePayment {
  return {
    payment_no: row.payment_no,
    order_no: row.order_no,
    amount: fromFen(row.amount_fen),
    status: row.status,
    state: paymentStanding(row.status, difference),
    refunded: difference === null || difference.refunded_fen === null ? null : fromFen(difference.refunded_fen),
    channel: row.channel,
    created_at: iso(row.created_at),
    paid_at: isoOrNull(row.paid_at),
  };
}
