import { Type } from '@sinclair/typebox';
import { IsoDateTime, Money, Nullable } from './common';

/**
 * Reconciliation: money a gateway received that the ledger could not credit, and how finance
 * resolves it. A difference is resolved once: refunded through the gateway (four eyes) or closed
 * with a reason.
 */

/**
 * Why money that arrived settled less than it paid: its instalments were settled otherwise (a
 * proof, another payment); the borrower had opened another payment since (`superseded`); the
 * price of what it paid for rose after it was priced (`price_rose`: the penalty, or a payoff's
 * interest, of the days in between) or fell (`price_fell`), both amounts in `asked` and `due`;
 * the price unchanged, another amount than the one asked arrived (`amount_differs`);
 * or what it would have cost is not known (`amount_unknown`: an instalment was under a proof's
 * review, or the difference was recorded before the amount was kept).
 */
export const DifferenceReason = Type.Union([
  Type.Literal('settled_otherwise'),
  Type.Literal('superseded'),
  Type.Literal('price_rose'),
  Type.Literal('price_fell'),
  Type.Literal('amount_differs'),
  Type.Literal('amount_unknown'),
]);

/**
 * `open` until finance resolves it: refunded, applied to instalments in full (`credited`), or
 * closed. `refunding`: a refund was sent and the gateway has not said what became of it (its
 * answer never came); locked until it does: then `refunded`, or `open` again when the gateway
 * never made it.
 */
export const DifferenceStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('refunding'),
  Type.Literal('refunded'),
  Type.Literal('credited'),
  Type.Literal('closed'),
]);

/** Money received and not credited, as finance sees it. */
export const PaymentDifference = Type.Object({
  id: Type.Integer(),
  order_no: Type.String(),
  user_id: Type.Integer(),
  real_name: Type.String(),
  mobile: Type.String(),
  /** Our number of the payment the gateway was paid for (Alipay's out_trade_no). */
  payment_no: Type.String(),
  /** The gateway's number of the trade: what a refund or a dispute names. */
  trade_no: Nullable(Type.String()),
  channel: Nullable(Type.String()),
  /** The instalments the payment was opened for; empty for a payoff. */
  periods: Type.Array(Type.Integer()),
  payoff: Type.Boolean(),
  received: Money,
  settled: Money,
  /** Received less settled: what is to be refunded or accounted for. */
  unsettled: Money,
  reason: DifferenceReason,
  /** The payment's price when the borrower was shown it. */
  asked: Money,
  /** What the instalments it was for cost when the money arrived; null when not known. */
  due: Nullable(Money),
  /**
   * Whether it may be applied at the price the borrower was shown (`AT_PRICE_SHOWN`): its price
   * rose only by what accrued after it was priced, and the money arrived while that price held.
   */
  at_price_shown: Type.Boolean(),
  status: DifferenceStatus,
  created_at: IsoDateTime,
  /** The refund's or the closing's, once resolved; for a refund pending at the gateway, when it was sent and by whom. */
  resolved_at: Nullable(IsoDateTime),
  resolved_by: Nullable(Type.String()),
  /** Why it was closed. */
  note: Nullable(Type.String()),
  /** The refund's number at the gateway (Alipay's out_request_no). */
  refund_no: Nullable(Type.String()),
  /** What the gateway gave back, as it says: set once the refund is known to be made. */
  refunded: Nullable(Money),
  /** The refund or the application waiting for a second operator, if one was asked for (one at a time). */
  approval_id: Nullable(Type.Integer()),
});

/**
 * Finance's ask to apply a difference: to the borrower's next instalments at today's price, or,
 * with `at_price_shown` (only where the difference allows it), to the instalments its payment was
 * for at the price the borrower was shown.
 */
export const DifferenceApplyRequest = Type.Object({ at_price_shown: Type.Optional(Type.Boolean()) });

/** What applying a difference to the borrower's next instalments settled, and what is left of it. */
export const DifferenceApplied = Type.Object({
  id: Type.Integer(),
  /** `credited` when nothing is left; else still `open`, for the rest to be refunded or closed. */
  status: DifferenceStatus,
  /** The instalments it settled. */
  periods: Type.Array(Type.Integer()),
  applied: Money,
  unsettled: Money,
});

/** A difference resolved at once (closed): its status after it. */
export const DifferenceResolved = Type.Object({ id: Type.Integer(), status: DifferenceStatus });
