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

/** A gateway's word on a withholding agreement (verified): signed with its number, ended, or never made. */
export type GatewayAgreement =
  | { state: 'active'; externalAgreementNo: string; agreementNo: string }
  | { state: 'ended'; externalAgreementNo: string; agreementNo: string | null }
  | { state: 'none'; externalAgreementNo: string };

/** A charge on a signed agreement: the payment it pays, for its amount. */
export interface ChargeToMake {
  paymentNo: string;
  amountFen: number;
  subject: string;
  agreementNo: string;
}

/**
 * A gateway's answer to a charge: paid (its trade), failed for good (a reason the borrower can act
 * on: `balance`, `agreement`, or the gateway's own code), or unknown: no answer, or one that does
 * not say. An unknown charge may have taken the money, so it is queried, never read as failed.
 */
export type ChargeOutcome =
  { state: 'paid'; trade: GatewayTrade } | { state: 'failed'; reason: string } | { state: 'unknown'; detail: string };

/** Automatic repayment: the borrower signs a withholding agreement once, then each due amount is charged on it. */
export interface AgreementGateway {
  /** The complete URL of the gateway's signing page for our agreement number; its notify comes back to `apiBase`. */
  signUrl(externalAgreementNo: string, returnUrl: string | null, apiBase: string): string;
  /** The agreement as the gateway has it, or null when it did not answer. */
  agreement(externalAgreementNo: string): Promise<GatewayAgreement | null>;
  /** Ends a signed agreement: true when the gateway says it is ended, false when it is not known (asked again later). */
  unsign(agreementNo: string, externalAgreementNo: string): Promise<boolean>;
  /** Takes `amountFen` on the agreement, once per payment number however often asked. */
  charge(charge: ChargeToMake): Promise<ChargeOutcome>;
  /**
   * Closes a charge whose outcome stayed unknown, so that it can never take money later: `closed`
   * (nothing was taken, or what was taken was given back), or `unknown` (asked again later).
   */
  cancelCharge(paymentNo: string): Promise<'closed' | 'unknown'>;
}

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
  /** Withholding agreements and their charges. */
  readonly agreements: AgreementGateway;
}

/**
 * The sandbox's agreements: signed on a page of this server (routes/sandbox.ts, which records the
 * borrower's confirmation itself), and every charge paid at once, since no money moves.
 */
export class SandboxAgreements implements AgreementGateway {
  signUrl(externalAgreementNo: string, returnUrl: string | null, apiBase: string): string {
    const url = new URL(`${apiBase}${SANDBOX_ENDPOINTS.agreementPage}`);
    url.searchParams.set('external_agreement_no', externalAgreementNo);
    if (returnUrl) url.searchParams.set('return_url', returnUrl);
    return url.toString();
  }

  /** The sandbox's page records the agreement as it is confirmed: there is nothing later to ask. */
  async agreement(): Promise<GatewayAgreement | null> {
    return null;
  }

  async unsign(): Promise<boolean> {
    return true;
  }

  async charge(charge: ChargeToMake): Promise<ChargeOutcome> {
    return {
      state: 'paid',
      trade: { paymentNo: charge.paymentNo, tradeNo: `SANDBOX${charge.paymentNo}`, amountFen: charge.amountFen, paid: true },
    };
  }

  /** Its charges are paid as they are asked: none is ever left unknown. */
  async cancelCharge(): Promise<'closed' | 'unknown'> {
    return 'closed';
  }
}

/** The sandbox: a page of this server where the payer confirms, and no money moves. */
export class SandboxGateway implements PaymentGateway {
  readonly channels = null;
  readonly agreements = new SandboxAgreements();

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
