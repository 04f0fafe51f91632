import type { Static } from '@sinclair/typebox';
import type * as catalogue from '../schemas/catalogue';
import type * as schema from '../schemas/loan';
import type { CalendarDate, IsoDateTime, Money } from './common';

/**
 * The loan contract. SPEC leaves these shapes open; they are decided here, once.
 *
 * Rates are integers in basis points (1 bp = 0.01 %) so that client and server compute the
 * same fen from the same integers: `monthly_rate_bp: 80` is 0.80 % interest per month.
 */

/** Loan statuses; the rules for moving between them live in `loan/status.ts`. */
export type LoanStatus = Static<typeof schema.LoanStatus>;

/** One term offered, with its price and its APR (`schemas/catalogue.ts` describes each field). */
export type TermRate = Static<typeof catalogue.TermRate>;

/** How the schedule is built: equal monthly instalments of principal and interest. */
export type RepaymentMethod = Static<typeof catalogue.RepaymentMethod>;

/** GET /api/loan/rates. */
export type LoanRates = Static<typeof catalogue.LoanRates>;

export type LoanPurpose = Static<typeof schema.LoanPurpose>;

/** POST /api/loan/create (the schema takes any purpose text, so the shared rules can say what is wrong with it). */
export type LoanApplication = Omit<Static<typeof schema.LoanApplication>, 'purpose'> & { purpose: LoanPurpose };

export type LoanCreated = Static<typeof schema.LoanCreated>;

/** GET /api/loan/myLoans item (the schemas in `schemas/loan.ts` are the source). */
export type LoanSummary = Static<typeof schema.LoanSummary>;

export type MyLoansQuery = Static<typeof schema.MyLoansQuery>;
export type MyLoansPage = Static<typeof schema.MyLoansPage>;

export type OrderQuery = Static<typeof schema.OrderQuery>;

export type InstalmentStatus = Static<typeof schema.InstalmentStatus>;

/** One period of the schedule (GET /api/loan/installments). */
export type Instalment = Static<typeof schema.Instalment>;

/** `withdrawn`: the borrower took a pending proof back to pay another way. */
export type VoucherStatus = Static<typeof schema.VoucherStatus>;

/** A payment proof the borrower uploaded (POST /api/loan/uploadVoucher). */
export type Voucher = Static<typeof schema.Voucher>;

/** GET /api/loan/orderDetail. */
export interface LoanDetail extends LoanSummary {
  purpose: LoanPurpose;
  real_name: string;
  /** Masked: first 3 and last 4 characters. */
  id_card: string;
  /** Masked: last 4 digits. */
  bank_card: string;
  bank_name: string;
  monthly_rate_bp: number;
  monthly_fee_bp: number;
  monthly_payment: Money;
  total_interest: Money;
  total_fee: Money;
  total_repayment: Money;
  paid_periods: number;
  approved_at: IsoDateTime | null;
  /** When the money was sent; the schedule starts that day. */
  disbursed_at: IsoDateTime | null;
  /** Why the application was turned down, when it was and a reason was given. */
  reject_reason: string | null;
  settled_at: IsoDateTime | null;
  overdue_days: number;
  penalty: Money;
  vouchers: Voucher[];
  /** The annual percentage rate of this loan's own price, in bp (see `TermRate.apr_bp`). */
  apr_bp: number;
}

export type InstalmentsResult = Static<typeof schema.InstalmentsResult>;

export interface ContractClause {
  title: string;
  body: string;
}

export interface ContractParty {
  role: string;
  name: string;
  /** Masked id card (borrower) or registration number (lender). */
  id: string;
  address?: string;
}

/** GET /api/loan/getContractInfo. Without order_no: the template shown before applying. */
export interface ContractInfo {
  contract_no: string | null;
  order_no: string | null;
  title: string;
  lender: ContractParty;
  borrower: ContractParty | null;
  amount: Money | null;
  term: number | null;
  monthly_rate_bp: number | null;
  monthly_fee_bp: number | null;
  /** The annual percentage rate (see `TermRate.apr_bp`); null only on the template without a term. */
  apr_bp: number | null;
  repayment_method: RepaymentMethod;
  signed_at: IsoDateTime | null;
  clauses: ContractClause[];
}

/** GET /api/loan/cashier query: exactly one of `periods` or `payoff=1` (see the schema). */
export type CashierQuery = Static<typeof schema.CashierQuery>;

/**
 * GET /api/loan/payoff: what settling the whole loan costs at `as_of` (today, platform time).
 * principal: all principal not yet paid; interest: the unpaid interest of instalments already due
 * plus interest accrued since the last due date (or disbursal) at monthly rate × 12 / 365 a day;
 * fee: the unpaid fees of instalments already due; penalty: their penalties. Nothing for months
 * not yet begun. Computed by `payoffQuote` in `loan/`.
 */
export interface PayoffQuote {
  order_no: string;
  as_of: CalendarDate;
  principal: Money;
  interest: Money;
  fee: Money;
  penalty: Money;
  total: Money;
}

/** GET /api/loan/credit: the account's credit line and what is left of it. */
export type CreditLine = Static<typeof schema.CreditLine>;

/** `overdue`: a loan of the account is overdue. */
export type CreditBlock = Static<typeof schema.CreditBlock>;

/** POST /api/loan/withdrawVoucher: the borrower takes a pending proof back. */
export type WithdrawVoucherRequest = Static<typeof schema.WithdrawVoucherRequest>;

/**
 * How a gateway payment ended, as the sandbox gateway reports it in the return URL's `result`.
 * `repriced`: what is due changed since the payment was opened (a day passed, a penalty grew);
 * nothing was charged or recorded and the cashier shows the new price.
 */
export type PaymentResult = 'success' | 'cancelled' | 'failed' | 'repriced';

/** open → paid | superseded (another selection was opened) | void (its instalments were settled otherwise) | repriced. */
export type PaymentStatus = 'open' | 'paid' | 'superseded' | 'void' | 'repriced';

/** GET /api/loan/payment?payment_no=: the server's word on a payment, for the page the gateway returns to. */
export interface PaymentState {
  payment_no: string;
  order_no: string;
  /** The instalments it pays; every unpaid one for a payoff. */
  periods: number[];
  payoff: boolean;
  amount: Money;
  status: PaymentStatus;
  paid_at: IsoDateTime | null;
}

/**
 * GET /api/loan/cashier: what is due and how it can be paid. The server keeps one open
 * payment per order and selection, so asking twice never starts two payments.
 */
export interface Cashier {
  order_no: string;
  /** True when this payment settles the whole loan at `payoff`'s quote. */
  payoff: boolean;
  /** The quote being paid (payoff only). */
  quote: PayoffQuote | null;
  items: Instalment[];
  total: Money;
  channels: PaymentChannel[];
  payment_no: string;
  /**
   * Asked with `channel` and `return_url`: the complete address of the gateway's page for this
   * payment (Alipay's signed URL, or the sandbox's), where the browser goes to pay; else null.
   */
  pay_url: string | null;
  expires_at: IsoDateTime;
}

export type ChannelKind = Static<typeof catalogue.ChannelKind>;

/** GET /api/loan/channels. */
export type PaymentChannel = Static<typeof catalogue.PaymentChannel>;

/** GET /api/loan/bankInfo: the platform's receiving account for a bank transfer. */
export type BankInfo = Static<typeof catalogue.BankInfo>;

/** POST /api/loan/uploadVoucher. */
export type VoucherRequest = Static<typeof schema.VoucherRequest>;
