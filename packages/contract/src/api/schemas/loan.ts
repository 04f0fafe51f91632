import { Type } from '@sinclair/typebox';
import {
  BANK_CARD_INPUT_MAX,
  BANK_NAME_INPUT_MAX,
  ID_CARD_INPUT_MAX,
  LONGEST_TERM,
  NUMBER_MAX,
  PERIODS_TEXT_MAX,
  REAL_NAME_INPUT_MAX,
  REMARK_INPUT_MAX,
  Text,
  URL_MAX,
  WORD_MAX,
} from './bounds';
import { CalendarDate, Id, IsoDateTime, Money, Nullable, PageQuery, Paged } from './common';

export const LoanStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('repaying'),
  Type.Literal('overdue'),
  Type.Literal('settled'),
]);

export const LoanPurpose = Type.Union([
  Type.Literal('consumption'),
  Type.Literal('education'),
  Type.Literal('travel'),
  Type.Literal('home'),
  Type.Literal('medical'),
  Type.Literal('other'),
]);

/**
 * POST /api/loan/create. The shape only: each value is judged by the shared application rules
 * (`loan/application.ts`), which name the problem in the user's language.
 */
export const LoanApplication = Type.Object({
  amount: Money,
  term: Type.Integer(),
  purpose: Text(WORD_MAX),
  real_name: Text(REAL_NAME_INPUT_MAX),
  id_card: Text(ID_CARD_INPUT_MAX),
  bank_card: Text(BANK_CARD_INPUT_MAX),
  bank_name: Text(BANK_NAME_INPUT_MAX),
  /** The applicant agreed to the loan contract; the server refuses false. */
  agree_contract: Type.Boolean(),
});

/** The data of POST /api/loan/create: the new loan's number. */
export const LoanCreated = Type.Object({ order_no: Type.String() });

/** GET /api/loan/myLoans item. */
export const LoanSummary = Type.Object({
  order_no: Type.String(),
  amount: Money,
  term: Type.Integer(),
  status: LoanStatus,
  /** English label of `status`; clients show their own catalogue's label for `status`. */
  status_label: Type.String(),
  created_at: IsoDateTime,
  /** The earliest unpaid instalment, or null when nothing is due (pending, rejected, settled). */
  next_due_date: Nullable(CalendarDate),
  next_due_amount: Nullable(Money),
  remaining_principal: Money,
});

export const MyLoansQuery = PageQuery;
export const MyLoansPage = Paged(LoanSummary);

export const OrderQuery = Type.Object({ order_no: Type.Optional(Text(NUMBER_MAX)) });

export const InstalmentStatus = Type.Union([Type.Literal('unpaid'), Type.Literal('overdue'), Type.Literal('paid')]);

/** One period of the schedule (GET /api/loan/installments). */
export const Instalment = Type.Object({
  period: Type.Integer(),
  due_date: CalendarDate,
  principal: Money,
  interest: Money,
  fee: Money,
  /** Penalty accrued so far (overdue) or paid with it (paid). */
  penalty: Money,
  /** principal + interest + fee + penalty. */
  total: Money,
  status: InstalmentStatus,
  overdue_days: Type.Integer(),
  paid_at: Nullable(IsoDateTime),
  /**
   * A pending transfer proof covers this instalment: it reads "proof under review" and is not
   * offered for payment until the proof is rejected or withdrawn. Always false once paid.
   */
  under_review: Type.Boolean(),
});

/**
 * An instalment in the borrower's schedule: `paid_by_autopay`, settled by an automatic repayment
 * charge (the app reads "charged automatically"). The server always answers it.
 */
export const ScheduleInstalment = Type.Composite([Instalment, Type.Object({ paid_by_autopay: Type.Optional(Type.Boolean()) })]);

export const InstalmentsResult = Type.Object({ order_no: Type.String(), list: Type.Array(ScheduleInstalment) });

/**
 * GET /api/loan/cashier query: exactly one of `periods` (the instalments to pay, comma-separated)
 * or `payoff=1` (settle the whole loan now at the payoff quote). The cashier never guesses: with
 * neither it refuses.
 */
export const CashierQuery = Type.Object({
  order_no: Text(NUMBER_MAX),
  /** e.g. "1,2". */
  periods: Type.Optional(Text(PERIODS_TEXT_MAX)),
  payoff: Type.Optional(Type.Literal('1')),
  /** The gateway channel to pay with: the answer's `pay_url` is then its page for this payment. */
  channel: Type.Optional(Text(WORD_MAX)),
  /** The app's page the gateway sends the browser back to; kept only when it is one of the app's origins. */
  return_url: Type.Optional(Text(URL_MAX)),
});

/**
 * POST /api/loan/uploadVoucher. `periods` as a JSON array, or as "1,2" from a form post; the
 * ledger judges which periods may be paid, and the amount must be what they cost today.
 */
export const ProofRequest = Type.Object({
  order_no: Text(NUMBER_MAX),
  periods: Type.Union([Type.Array(Type.Integer(), { maxItems: LONGEST_TERM }), Text(PERIODS_TEXT_MAX)]),
  amount: Money,
  file_url: Text(URL_MAX),
  remark: Type.Optional(Text(REMARK_INPUT_MAX)),
});

/** POST /api/loan/withdrawVoucher: the borrower takes a pending proof back. */
export const WithdrawProofRequest = Type.Object({ voucher_id: Id });

/** GET /api/loan/payment?payment_no=. */
export const PaymentQuery = Type.Object({ payment_no: Type.Optional(Text(NUMBER_MAX)) });

/** `withdrawn`: the borrower took a pending proof back to pay another way. */
export const ProofStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('withdrawn'),
]);

/** A payment proof the borrower uploaded (POST /api/loan/uploadVoucher). */
export const Proof = Type.Object({
  id: Type.Integer(),
  order_no: Type.String(),
  periods: Type.Array(Type.Integer()),
  amount: Money,
  file_url: Type.String(),
  remark: Type.String(),
  status: ProofStatus,
  /** Why staff turned the proof down (rejected proofs only), for the borrower to read. */
  reject_reason: Nullable(Type.String()),
  created_at: IsoDateTime,
});

/** GET /api/loan/orderDetail: a loan whole, with its proofs. */
export const LoanDetail = Type.Composite([
  LoanSummary,
  Type.Object({
    purpose: LoanPurpose,
    real_name: Type.String(),
    /** Masked: first 3 and last 4 characters. */
    id_card: Type.String(),
    /** Masked: last 4 digits. */
    bank_card: Type.String(),
    bank_name: Type.String(),
    monthly_rate_bp: Type.Integer(),
    monthly_fee_bp: Type.Integer(),
    monthly_payment: Money,
    total_interest: Money,
    total_fee: Money,
    total_repayment: Money,
    paid_periods: Type.Integer(),
    approved_at: Nullable(IsoDateTime),
    /** When the money was sent; the schedule starts that day. */
    disbursed_at: Nullable(IsoDateTime),
    /** Why the application was turned down, when it was and a reason was given. */
    reject_reason: Nullable(Type.String()),
    settled_at: Nullable(IsoDateTime),
    overdue_days: Type.Integer(),
    penalty: Money,
    vouchers: Type.Array(Proof),
    /** The annual percentage rate of this loan's own price, in bp (see `TermRate.apr_bp`). */
    apr_bp: Type.Integer(),
  }),
]);
