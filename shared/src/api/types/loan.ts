import type { CalendarDate, IsoDateTime, Money, PageQuery, Paged } from './common';

/**
 * The loan contract. SPEC leaves these shapes open; they are decided here, once.
 *
 * Rates are integers in basis points (1 bp = 0.01 %) so that client and server compute the
 * same fen from the same integers: `monthly_rate_bp: 80` is 0.80 % interest per month.
 */

/** Loan statuses; the rules for moving between them live in `loan/status.ts`. */
export type LoanStatus = 'pending' | 'rejected' | 'repaying' | 'overdue' | 'settled';

/** One term offered, with its price. */
export interface TermRate {
  /** Months. */
  term: number;
  /** Interest per month on the outstanding principal, in bp. */
  monthly_rate_bp: number;
  /** Service fee per month on the original amount, in bp. */
  monthly_fee_bp: number;
}

/** How the schedule is built: equal monthly instalments of principal and interest. */
export type RepaymentMethod = 'equal_instalment';

/** GET /api/loan/rates. */
export interface LoanRates {
  currency: 'CNY';
  min_amount: Money;
  max_amount: Money;
  amount_step: Money;
  terms: TermRate[];
  repayment_method: RepaymentMethod;
  /** Penalty per overdue day on the overdue instalment's principal + interest, in bp. */
  overdue_daily_penalty_bp: number;
  /** Days after the due date before an unpaid instalment counts as overdue. */
  grace_days: number;
  purposes: LoanPurpose[];
}

export type LoanPurpose = 'consumption' | 'education' | 'travel' | 'home' | 'medical' | 'other';

/** POST /api/loan/create. */
export interface LoanApplication {
  amount: Money;
  term: number;
  purpose: LoanPurpose;
  real_name: string;
  id_card: string;
  bank_card: string;
  bank_name: string;
  /** The applicant agreed to the loan contract; the server refuses false. */
  agree_contract: boolean;
}

export interface LoanCreated {
  order_no: string;
}

/** GET /api/loan/myLoans item. */
export interface LoanSummary {
  order_no: string;
  amount: Money;
  term: number;
  status: LoanStatus;
  /** English label of `status`; clients show their own catalogue's label for `status`. */
  status_label: string;
  created_at: IsoDateTime;
  /** The earliest unpaid instalment, or null when nothing is due (pending, rejected, settled). */
  next_due_date: CalendarDate | null;
  next_due_amount: Money | null;
  remaining_principal: Money;
}

export type MyLoansQuery = PageQuery;
export type MyLoansPage = Paged<LoanSummary>;

export interface OrderQuery {
  order_no?: string;
}

export type InstalmentStatus = 'unpaid' | 'overdue' | 'paid';

/** One period of the schedule (GET /api/loan/installments). */
export interface Instalment {
  period: number;
  due_date: CalendarDate;
  principal: Money;
  interest: Money;
  fee: Money;
  /** Penalty accrued so far (overdue) or paid with it (paid). */
  penalty: Money;
  /** principal + interest + fee + penalty. */
  total: Money;
  status: InstalmentStatus;
  overdue_days: number;
  paid_at: IsoDateTime | null;
}

export type VoucherStatus = 'pending' | 'approved' | 'rejected';

/** A payment proof the borrower uploaded (POST /api/loan/uploadVoucher). */
export interface Voucher {
  id: number;
  order_no: string;
  periods: number[];
  amount: Money;
  file_url: string;
  remark: string;
  status: VoucherStatus;
  created_at: IsoDateTime;
}

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
  settled_at: IsoDateTime | null;
  overdue_days: number;
  penalty: Money;
  vouchers: Voucher[];
}

export interface InstalmentsResult {
  order_no: string;
  list: Instalment[];
}

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
  repayment_method: RepaymentMethod;
  signed_at: IsoDateTime | null;
  clauses: ContractClause[];
}

/** GET /api/loan/cashier query: the instalments to pay, comma-separated periods. */
export interface CashierQuery {
  order_no: string;
  /** e.g. "1,2". Omitted: every instalment due now (overdue, or the next one). */
  periods?: string;
}

/**
 * GET /api/loan/cashier: what is due and how it can be paid. The server keeps one open
 * payment per order and selection, so asking twice never starts two payments.
 */
export interface Cashier {
  order_no: string;
  items: Instalment[];
  total: Money;
  channels: PaymentChannel[];
  payment_no: string;
  /** Path on the API host of the (sandbox) gateway; the client adds channel and return_url. */
  pay_url: string;
  expires_at: IsoDateTime;
}

export type ChannelKind = 'gateway' | 'transfer';

/** GET /api/loan/channels. */
export interface PaymentChannel {
  code: string;
  name: string;
  kind: ChannelKind;
  description: string;
  enabled: boolean;
}

/** GET /api/loan/bankInfo: the platform's receiving account for a bank transfer. */
export interface BankInfo {
  account_name: string;
  account_no: string;
  bank_name: string;
  branch: string;
  /** What to write in the transfer's remark so the payment can be matched. */
  remark_hint: string;
}

/** POST /api/loan/uploadVoucher. */
export interface VoucherRequest {
  order_no: string;
  periods: number[];
  amount: Money;
  file_url: string;
  remark?: string;
}
