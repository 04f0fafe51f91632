import { Type } from '@sinclair/typebox';
import { PaymentChannels } from './catalogue';
import { CalendarDate, IsoDateTime, Money, Nullable } from './common';
import { Instalment } from './loan';

/**
 * GET /api/loan/payoff: what settling the whole loan costs at `as_of` (today, platform time).
 * principal: all principal not yet paid; interest: the unpaid interest of instalments already due
 * plus interest accrued since the last due date (or disbursal) at monthly rate × 12 / 365 a day;
 * fee: the unpaid fees of instalments already due; penalty: their penalties. Nothing for months
 * not yet begun. Computed by `payoffQuote` in `loan/`.
 */
export const PayoffQuote = Type.Object({
  order_no: Type.String(),
  as_of: CalendarDate,
  principal: Money,
  interest: Money,
  fee: Money,
  penalty: Money,
  total: Money,
});

/**
 * GET /api/loan/cashier: what is due and how it can be paid. The server keeps one open
 * payment per order and selection, so asking twice never starts two payments.
 */
export const Cashier = Type.Object({
  order_no: Type.String(),
  /** True when this payment settles the whole loan at `payoff`'s quote. */
  payoff: Type.Boolean(),
  /** The quote being paid (payoff only). */
  quote: Type.Union([PayoffQuote, Type.Null()]),
  items: Type.Array(Instalment),
  total: Money,
  channels: PaymentChannels,
  payment_no: Type.String(),
  /**
   * Asked with `channel` and `return_url`: the complete address of the gateway's page for this
   * payment (Alipay's signed URL, or the sandbox's), where the browser goes to pay; else null.
   */
  pay_url: Nullable(Type.String()),
  expires_at: IsoDateTime,
});

/** open → paid | superseded (another selection was opened) | void (its instalments were settled otherwise) | repriced. */
export const PaymentStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('paid'),
  Type.Literal('superseded'),
  Type.Literal('void'),
  Type.Literal('repriced'),
]);

/**
 * What became of a payment, as every list, page and file shows it: its stored status, or, once
 * money arrived that the ledger could not credit whole (a payment difference), what finance did
 * with the rest: `awaiting_reconciliation` (not yet decided), `refunding` (sent to the gateway,
 * its answer awaited), `refunded` (all of it went back), `partly_refunded` (part was credited,
 * the rest went back), `credited` (the rest was applied to later instalments), `difference_closed`
 * (kept, closed with a reason). Derived on the server (`paymentStanding`).
 */
export const PaymentStanding = Type.Union([
  PaymentStatus,
  Type.Literal('awaiting_reconciliation'),
  Type.Literal('refunding'),
  Type.Literal('refunded'),
  Type.Literal('partly_refunded'),
  Type.Literal('credited'),
  Type.Literal('difference_closed'),
]);

/** GET /api/loan/payment?payment_no=: the server's word on a payment, for the page the gateway returns to. */
export const PaymentState = Type.Object({
  payment_no: Type.String(),
  order_no: Type.String(),
  /** The instalments it pays; every unpaid one for a payoff. */
  periods: Type.Array(Type.Integer()),
  payoff: Type.Boolean(),
  amount: Money,
  status: PaymentStatus,
  /** What became of it, as staff see it too: a paid payment may since have been refunded. */
  state: PaymentStanding,
  /** What the gateway gave back of it, once a refund is known to be made. */
  refunded: Nullable(Money),
  paid_at: Nullable(IsoDateTime),
});

/** `overdue`: a loan of the account is overdue. */
export const CreditBlock = Type.Literal('overdue');

/** GET /api/loan/credit: the account's credit line and what is left of it. */
export const CreditLine = Type.Object({
  limit: Money,
  /** Principal outstanding across the account's loans, pending applications included. */
  used: Money,
  available: Money,
  /** Why the account cannot apply now, or null when it can (within `available`). */
  blocked: Type.Union([CreditBlock, Type.Null()]),
});
