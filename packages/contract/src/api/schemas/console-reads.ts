import { Type, type TSchema } from '@sinclair/typebox';
import { BankInfo, LoanRates, PaymentChannels } from './catalogue';
import { CalendarDate, IsoDateTime, Money, Nullable } from './common';
import { Instalment, LoanStatus, ProofStatus } from './loan';
import { ArticleLanguage } from './news';
import { CreditLine, PaymentStanding } from './repayment';
import { Approval, AuditEntry } from './operators';
import { Underwriting } from './underwriting';

/** What the lender's staff read in the console, and what their commands answer when done at once. */

/** What a queue's items are worth, and how many whole hours its oldest has waited (null: the queue is empty). */
export const QueueLoad = Type.Object({ amount: Money, oldest_hours: Nullable(Type.Integer()) });

/** The console's queues, for its navigation and its home: each counted, with its load; and today's money. */
export const Queues = Type.Object({
  loans_pending: Type.Integer(),
  loans_approved: Type.Integer(),
  vouchers_pending: Type.Integer(),
  approvals_awaiting: Type.Integer(),
  loans_overdue: Type.Integer(),
  /** Money received and not credited, waiting for finance (reconciliation). */
  differences_open: Type.Integer(),
  loads: Type.Object({
    loans_pending: QueueLoad,
    loans_approved: QueueLoad,
    vouchers_pending: QueueLoad,
    /** No sum: a change of roles or of a credit line moves no money. */
    approvals_awaiting: Type.Omit(QueueLoad, ['amount']),
    /** The overdue report's amounts due today, penalties included; its oldest: the most days overdue. */
    loans_overdue: QueueLoad,
    differences_open: QueueLoad,
  }),
  /** The business day's disbursed and repaid money, as the daily report counts it. */
  today: Type.Object({ date: CalendarDate, disbursed: Money, repaid: Money }),
});

/** One page of a console list: its items and how many there are in all. */
export const Listing = <T extends TSchema>(item: T) => Type.Object({ list: Type.Array(item), total: Type.Integer() });

/** A loan as staff see it in a queue. */
export const ConsoleLoan = Type.Object({
  order_no: Type.String(),
  user_id: Type.Integer(),
  mobile: Type.String(),
  real_name: Type.String(),
  amount: Money,
  term: Type.Integer(),
  status: LoanStatus,
  bank_name: Type.String(),
  /** Masked: last 4 digits. */
  bank_card: Type.String(),
  created_at: IsoDateTime,
  approved_at: Nullable(IsoDateTime),
  disbursed_at: Nullable(IsoDateTime),
  disbursement_ref: Nullable(Type.String()),
  reject_reason: Nullable(Type.String()),
  /** The disbursement waiting for a second operator, if one was asked for. */
  approval_id: Nullable(Type.Integer()),
});

/** A proof of a bank transfer as finance sees it; its image is at `proofFile`. */
export const ConsoleProof = Type.Object({
  id: Type.Integer(),
  order_no: Type.String(),
  mobile: Type.String(),
  real_name: Type.String(),
  periods: Type.Array(Type.Integer()),
  amount: Money,
  remark: Type.String(),
  status: ProofStatus,
  created_at: IsoDateTime,
  bank_ref: Nullable(Type.String()),
  reject_reason: Nullable(Type.String()),
  /** The confirmation waiting for a second operator, if one was asked for. */
  approval_id: Nullable(Type.Integer()),
  /** Who confirmed it (the second operator) or rejected it, and when; null while pending. */
  decided_by: Nullable(Type.String()),
  decided_at: Nullable(IsoDateTime),
});

/** A payment through a gateway, as finance sees it. */
export const ConsolePayment = Type.Object({
  payment_no: Type.String(),
  order_no: Type.String(),
  amount: Money,
  /** As stored; `state` says what became of it. */
  status: Type.String(),
  /** What every console screen and file shows: refunded, partly refunded, credited… */
  state: PaymentStanding,
  /** What the gateway gave back of it, once a refund is known to be made. */
  refunded: Nullable(Money),
  channel: Nullable(Type.String()),
  created_at: IsoDateTime,
  paid_at: Nullable(IsoDateTime),
});

/** One loan of the overdue report: the same days and penalty the borrower sees. */
export const OverdueLoan = Type.Object({
  order_no: Type.String(),
  mobile: Type.String(),
  real_name: Type.String(),
  overdue_periods: Type.Array(Type.Integer()),
  overdue_days: Type.Integer(),
  /** What the borrower must pay today for the overdue instalments, penalty included (the ledger's price of them). */
  overdue_amount: Money,
  /** Of which penalty. */
  penalty: Money,
});

/**
 * How a paid instalment was paid, read from what settled it: at the cashier (`channel`: the
 * gateway's, e.g. alipay), by a payoff at the cashier, by a transfer proof (`voucher_id`), or by
 * finance applying a payment's difference (money a payment brought beyond what it settled).
 */
export const PaidHow = Type.Object({
  by: Type.Union([Type.Literal('cashier'), Type.Literal('payoff'), Type.Literal('proof'), Type.Literal('difference')]),
  channel: Nullable(Type.String()),
  payment_no: Nullable(Type.String()),
  voucher_id: Nullable(Type.Integer()),
});

/** An instalment as staff read it: the borrower's view of it, and how it was paid (null while unpaid). */
export const ConsoleInstalment = Type.Composite([Instalment, Type.Object({ paid_how: Type.Union([PaidHow, Type.Null()]) })]);

/** A loan's newest disbursement asked for: waiting, carried out, or declined with the checker's reason. */
export const DisbursementAsk = Type.Pick(Approval, ['id', 'status', 'maker', 'created_at', 'checker', 'decided_at', 'reason']);

/** GET /admin/api/loans/:order_no: everything about one loan, and what a reviewer weighs to decide it. */
export const ConsoleLoanView = Type.Composite([
  ConsoleLoan,
  Type.Object({
    instalments: Type.Array(ConsoleInstalment),
    disbursement_ask: Type.Union([DisbursementAsk, Type.Null()]),
    vouchers: Type.Array(ConsoleProof),
    payments: Type.Array(ConsolePayment),
    audit: Type.Array(AuditEntry),
    apr_bp: Type.Integer(),
    penalty: Money,
    overdue_days: Type.Integer(),
    /** When the borrower closed the account: the loan is then read-only to staff. */
    account_closed_at: Nullable(IsoDateTime),
  }),
  Underwriting,
]);

/**
 * GET /admin/api/loans/:order_no/payee: where a loan's money goes, whole (finance and admins
 * only; each read audited): the name on the loan, the bank and the full card number.
 */
export const LoanPayee = Type.Object({
  order_no: Type.String(),
  real_name: Type.String(),
  bank_name: Type.String(),
  bank_card: Type.String(),
});

/** GET /admin/api/users?mobile=: one borrower and their history. */
export const ConsoleBorrower = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    mobile: Type.String(),
    nickname: Type.String(),
    real_name: Nullable(Type.String()),
    credit: CreditLine,
    /** Epoch seconds, as SPEC §3 has it for accounts. */
    createtime: Type.Integer(),
    /** When the borrower closed the account: its loans and credit line are then read-only to staff. */
    closed_at: Nullable(IsoDateTime),
  }),
  loans: Type.Array(ConsoleLoan),
  vouchers: Type.Array(ConsoleProof),
  payments: Type.Array(ConsolePayment),
  audit: Type.Array(AuditEntry),
});

/** One borrower a search found: enough to pick the right one; name and phone masked for roles without `personalData`. */
export const BorrowerMatch = Type.Object({
  id: Type.Integer(),
  /** The real name bound by their first application, else the nickname. */
  name: Type.String(),
  mobile: Type.String(),
  /** Masked (first 3 and last 4 characters); null while no ID number is bound. */
  id_card: Nullable(Type.String()),
  /** How many loans the borrower has taken out or applied for. */
  loans: Type.Integer(),
  closed_at: Nullable(IsoDateTime),
});

/** GET /admin/api/users/search?q=: the first matches, newest account first; `more`: others matched too (a longer query narrows them). */
export const BorrowerMatches = Type.Object({ list: Type.Array(BorrowerMatch), more: Type.Boolean() });

export const ArticleStatus = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('unpublished')]);

/**
 * A news article as the editor sees it, whatever its status: its title and summary in the
 * editor's language, else the other (`language`), and the languages it is written in.
 */
export const ConsoleArticle = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  language: ArticleLanguage,
  languages: Type.Array(ArticleLanguage),
  author: Type.String(),
  status: ArticleStatus,
  published_at: IsoDateTime,
});

/** A reviewer's decision on an application: the loan's status after it. */
export const LoanDecided = Type.Object({ order_no: Type.String(), status: LoanStatus });

/** A proof turned down: its status after it. */
export const ProofDecided = Type.Object({ id: Type.Integer(), status: ProofStatus });

/** An article drafted, published or taken down: its status after it. */
export const ArticleState = Type.Object({ id: Type.Integer(), status: ArticleStatus });

/** GET /admin/api/settings: each setting an operator may change, as the app is shown it. */
export const Settings = Type.Object({ loan_rates: LoanRates, payment_channels: PaymentChannels, bank_info: BankInfo });
