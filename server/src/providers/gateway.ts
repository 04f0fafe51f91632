import { SANDBOX_ENDPOINTS } from '@instalment/contract/api';

/** What a gateway is asked to take. */
export interface PaymentToPay {
  paymentNo: string;
  amountFen: number;
  /** What the payer sees at the gateway. */
  subject: string;
  /** Where "back" on the gateway's page goes: the cashier, when the app gave its address. */
  quitUrl: string | null;
}

/** A gateway's word on a payment: verified (signature, app, number and amount all checked). */
export interface GatewayTrade {
  paymentNo: string;
  /** The gateway's own number of the trade, for a refund or a dispute. */
  tradeNo: string;
  amountFen: number;
  /** The money arrived. */
  paid: boolean;
}

/** What a gateway is asked to give back of a paid trade. */
export interface RefundToMake {
  paymentNo: string;
  /** The gateway's number of the trade, when its notify gave one. */
  tradeNo: string | null;
  amountFen: number;
  /** One per thing refunded: the gateway refunds a number once, however often it is asked. */
  refundNo: string;
  reason: string;
}

/** A refund already asked of a gateway, to look up by its numbers. */
export type RefundAsked = Pick<RefundToMake, 'paymentNo' | 'tradeNo' | 'refundNo'>;

/**
 * A gateway's answer to a refund: made (now, or already by an earlier ask with the same number),
 * with what it gave back; refused for good (this gateway takes no refunds, or it said no); or
 * unknown: the call timed out, failed on the way or was answered with something that does not
 * say. An unknown refund may have been made, so it is never read as "not refunded".
 */
export type RefundOutcome =
  | { state: 'refunded'; amountFen: number }
  | { state: 'refused'; why: 'unsupported' | 'refused'; detail: string }
  | { state: 'unknown'; detail: string };

/** What a gateway says of a refund asked before: made (and for how much), never made, or not known yet. */
export type RefundFound = { state: 'refunded'; amountFen: number } | { state: 'none' } | { state: 'unknown'; detail: string };

/** Who takes the money for the cashier: `PAYMENT_PROVIDER`. */
export interface PaymentGateway {
  /** The gateway channels it serves; null: every enabled one (the sandbox stands in for all). */
  readonly channels: readonly string[] | null;
  /**
   * The complete URL the browser goes to; `returnUrl` only when it is one of the app's; `apiBase`
   * is this server's public base, where the gateway's notify comes back.
   */
  payUrl(payment: PaymentToPay, channel: string, returnUrl: string | null, apiBase: string): string;
  /**
   * Asks the gateway about a payment whose notify has not come: its trade, or null when there is
   * none to read (no payment yet, or no answer). Null is never "not paid": it writes nothing, the
   * payment stays open and is asked again, and a notify still settles it.
   */
  query(paymentNo: string): Promise<GatewayTrade | null>;
  /** Gives back part or all of a paid trade. */
  refund(refund: RefundToMake): Promise<RefundOutcome>;
  /** Looks up a refund asked before, by its number: what became of one whose answer never came. */
  refundState(refund: RefundAsked): Promise<RefundFound>;
}

/** The sandbox: a page of this server where the payer confirms, and no money moves. */
export class SandboxGateway implements PaymentGateway {
  readonly channels = null;

  payUrl(payment: PaymentToPay, channel: string, returnUrl: string | null, apiBase: string): string {
    const url = new URL(`${apiBase}${SANDBOX_ENDPOINTS.payPage}`);
    url.searchParams.set('payment_no', payment.paymentNo);
    url.searchParams.set('channel', channel);
    if (returnUrl) url.searchParams.set('return_url', returnUrl);
    return url.toString();
  }

  /** The sandbox's confirmations arrive through its own page, never late. */
  async query(): Promise<GatewayTrade | null> {
    return null;
  }

  /** No money moved through the sandbox, so there is none to give back: finance closes the difference instead. */
  async refund(): Promise<RefundOutcome> {
    return { state: 'refused', why: 'unsupported', detail: 'the sandbox takes no money' };
  }

  /** It refunds nothing, ever. */
  async refundState(): Promise<RefundFound> {
    return { state: 'none' };
  }
}

/**
 * Adds the result to the app's return address. The app is hash-routed, so its query lives
 * inside the hash (`/#/pages/payment/repay?order_no=X`): parameters go there when there is one.
 */
export function withResult(returnUrl: string, params: Record<string, string>): string {
  const url = new URL(returnUrl);
  if (url.hash.length > 1) {
    const hash = url.hash.slice(1);
    const cut = hash.indexOf('?');
    const route = cut < 0 ? hash : hash.slice(0, cut);
    const query = new URLSearchParams(cut < 0 ? '' : hash.slice(cut + 1));
    for (const [name, value] of Object.entries(params)) query.set(name, value);
    url.hash = `${route}?${query}`;
  } else {
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  }
  return url.toString();
}
