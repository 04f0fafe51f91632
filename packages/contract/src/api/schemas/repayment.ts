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

/** GET /api/loan/payment?payment_no=: the server's word on a payment, for the page the gateway returns to. */
export const PaymentState = Type.Object({
  payment_no: Type.String(),
  order_no: Type.String(),
  /** The instalments it pays; every unpaid one for a payoff. */
  periods: Type.Array(Type.Integer()),
  payoff: Type.Boolean(),
  amount: Money,
  status: PaymentStatus,
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
