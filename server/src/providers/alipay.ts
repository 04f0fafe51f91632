import { AlipaySdk } from 'alipay-sdk';
import { GATEWAY_ENDPOINTS } from '@instalment/contract/api';
import type { FastifyBaseLogger } from 'fastify';
import type { AlipaySettings } from '../settings/config';
import { AlipaySignature, alipayTime } from './alipay-signature';
import { loggableFailure } from './failures';
import type {
  AgreementGateway,
  ChargeOutcome,
  ChargeToMake,
  GatewayAgreement,
  GatewayTrade,
  PaymentGateway,
  PaymentToPay,
  RefundAsked,
  RefundFound,
  RefundOutcome,
  RefundToMake,
} from './gateway';

/** Alipay's notify and query say a trade is paid with one of these. */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Alipay's sign scene of a withholding agreement unless the settings name the one agreed with Alipay. */
export const DEFAULT_SIGN_SCENE = 'DEFAULT|DEFAULT';

/** How long a call waits for Alipay unless the settings say: the SDK's own default. */
const TIMEOUT_MS = 5_000;

/** An error answer that says nothing of what happened: Alipay's own failure, to be asked again with the same numbers. */
const unsure = (answer: Record<string, unknown>) => answer.code === '20000' || String(answer.subCode ?? '').endsWith('SYSTEM_ERROR');

const detailOf = (answer: Record<string, unknown>) => String(answer.subMsg ?? answer.subCode ?? answer.msg ?? answer.code);

/**
 * A call that waits for Alipay's answer, through the SDK, its answer's signature verified. Its
 * `timestamp` is Beijing time, as Alipay reads it: the SDK writes the server's local time, 8 hours
 * early on a server that runs in UTC.
 */
const ask = (sdk: AlipaySdk, method: string, bizContent: Record<string, unknown>) =>
  sdk.exec(method, { bizContent, timestamp: alipayTime() }, { validateSign: true });

/** Yuan with two decimals, as Alipay's amounts are written. */
export const yuanOf = (fen: number) => (fen / 100).toFixed(2);

/** Fen from Alipay's yuan string, or null when it is not an amount. */
export function fenOf(yuan: unknown): number | null {
  if (typeof yuan !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(yuan)) return null;
  const [whole, part = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** 商家扣款: the personal product a borrower signs, and the product a charge on it is made with. */
const PERSONAL_PRODUCT_CODE = 'GENERAL_WITHHOLDING_P1';
const WITHHOLDING_PRODUCT_CODE = 'GENERAL_WITHHOLDING';
/** The agreement notifies: signed, and ended (by the borrower in Alipay, or by our unsign). */
const AGREEMENT_NOTIFIES = new Set(['dut_user_sign', 'dut_user_unsign']);
/** Refusals of a charge the borrower can act on, by Alipay's sub_code; any other refusal keeps its code. */
const CHARGE_REFUSALS: Record<string, string> = {
  'ACQ.BALANCE_NOT_ENOUGH': 'balance',
  'ACQ.BUYER_BALANCE_NOT_ENOUGH': 'balance',
  'ACQ.AGREEMENT_NOT_EXIST': 'agreement',
  'ACQ.AGREEMENT_INVALID': 'agreement',
  'ACQ.AGREEMENT_STATUS_NOT_NORMAL': 'agreement',
};

/** An agreement as Alipay's notify or query writes it: `NORMAL` is signed, `STOP` and `UNSIGN` ended. */
function agreementOf(externalAgreementNo: string, agreementNo: unknown, status: unknown): GatewayAgreement | null {
  const number = typeof agreementNo === 'string' && agreementNo !== '' ? agreementNo : null;
  if (status === 'NORMAL' && number) return { state: 'active', externalAgreementNo, agreementNo: number };
  if (status === 'STOP' || status === 'UNSIGN') return { state: 'ended', externalAgreementNo, agreementNo: number };
  return null;
}

/**
 * Alipay: `alipay.trade.wap.pay` URLs signed RSA2 with the app's key and notifies verified with
 * Alipay's (./alipay-signature.ts); `alipay.trade.query`, `alipay.trade.refund` and
 * `alipay.trade.fastpay.refund.query` through its official SDK, answers verified with Alipay's key.
 */
export class AlipayGateway implements PaymentGateway {
  readonly channels = ['alipay'] as const;
  readonly agreements: AlipayAgreements;
  private readonly sdk: AlipaySdk;
  private readonly signature: AlipaySignature;

  constructor(
    private readonly settings: AlipaySettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.signature = new AlipaySignature(settings.appId, settings.privateKey, settings.alipayPublicKey);
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      ...this.signature.pem,
      gateway: settings.gateway,
      signType: 'RSA2',
      timeout: settings.timeoutMs ?? TIMEOUT_MS,
    });
    this.agreements = new AlipayAgreements(this.sdk, this.signature, settings, log);
  }

  payUrl(payment: PaymentToPay, _channel: string, returnUrl: string | null, apiBase: string): string {
    return this.signature.pageUrl(this.settings.gateway, {
      method: 'alipay.trade.wap.pay',
      bizContent: {
        out_trade_no: payment.paymentNo,
        total_amount: yuanOf(payment.amountFen),
        subject: payment.subject,
        product_code: 'QUICK_WAP_WAY',
        ...(payment.quitUrl ? { quit_url: payment.quitUrl } : {}),
      },
      notifyUrl: `${apiBase}${GATEWAY_ENDPOINTS.alipayNotify}`,
      returnUrl,
    });
  }

  /** A notify's fields when they are Alipay's, signed for this app: null for anything else. */
  verifiedNotify(fields: Record<string, string>): GatewayTrade | null {
    if (!this.signature.signedByAlipay(fields)) return null;
    if (fields.app_id !== this.settings.appId) return null;
    const amountFen = fenOf(fields.total_amount);
    if (!fields.out_trade_no || amountFen === null) return null;
    return {
      paymentNo: fields.out_trade_no,
      tradeNo: fields.trade_no ?? '',
      amountFen,
      paid: PAID.has(fields.trade_status ?? ''),
    };
  }

  async query(paymentNo: string): Promise<GatewayTrade | null> {
    let answer: Record<string, unknown>;
    try {
      answer = await ask(this.sdk, 'alipay.trade.query', { out_trade_no: paymentNo });
    } catch (error) {
      this.log.warn({ err: loggableFailure(error), payment_no: paymentNo }, 'alipay.trade.query failed');
      return null;
    }
    // 40004 ACQ.TRADE_NOT_EXIST: the payer has not reached Alipay's cashier yet.
    if (answer.code !== '10000') return null;
    const amountFen = fenOf(answer.totalAmount);
    if (answer.outTradeNo !== paymentNo || amountFen === null) return null;
    return { paymentNo, tradeNo: String(answer.tradeNo ?? ''), amountFen, paid: PAID.has(String(answer.tradeStatus)) };
  }

  /**
   * `out_request_no` is the refund's own number: Alipay answers a second ask with it as done, and
   * refunds nothing more. Only a definite answer is read as one: a refund whose answer did not
   * come (a time-out, a network or HTTP failure, a signature that does not verify), or came
   * without `fund_change: Y` (a repeat, or one Alipay still works on), may have moved money, and
   * is unknown until `refundState` says.
   */
  async refund(refund: RefundToMake): Promise<RefundOutcome> {
    let answer: Record<string, unknown>;
    try {
      answer = await ask(this.sdk, 'alipay.trade.refund', {
        out_trade_no: refund.paymentNo,
        ...(refund.tradeNo ? { trade_no: refund.tradeNo } : {}),
        refund_amount: yuanOf(refund.amountFen),
        out_request_no: refund.refundNo,
        refund_reason: refund.reason,
      });
    } catch (error) {
      const failure = loggableFailure(error);
      this.log.warn({ err: failure, payment_no: refund.paymentNo, refund_no: refund.refundNo }, 'alipay.trade.refund failed');
      return { state: 'unknown', detail: failure.message };
    }
    if (answer.code === '10000' && answer.outTradeNo === refund.paymentNo && answer.fundChange === 'Y') {
      return { state: 'refunded', amountFen: refund.amountFen };
    }
    if (answer.code === '10000' || unsure(answer)) return { state: 'unknown', detail: detailOf(answer) };
    return { state: 'refused', why: 'refused', detail: detailOf(answer) };
  }

  /**
   * `alipay.trade.fastpay.refund.query` by the trade's and the refund's numbers: Alipay answers
   * `refund_status: REFUND_SUCCESS` and the refund's `refund_amount` for a refund it made, and no
   * status for one it never received or did not make; no trade at all has no refund either.
   */
  async refundState(refund: RefundAsked): Promise<RefundFound> {
    let answer: Record<string, unknown>;
    try {
      answer = await ask(this.sdk, 'alipay.trade.fastpay.refund.query', {
        out_trade_no: refund.paymentNo,
        out_request_no: refund.refundNo,
      });
    } catch (error) {
      const failure = loggableFailure(error);
      this.log.warn({ err: failure, payment_no: refund.paymentNo, refund_no: refund.refundNo }, 'alipay.trade.fastpay.refund.query failed');
      return { state: 'unknown', detail: failure.message };
    }
    if (answer.code === '40004' && answer.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'none' };
    if (answer.code !== '10000') return { state: 'unknown', detail: detailOf(answer) };
    if ((answer.refundStatus ?? '') === '') return { state: 'none' };
    const amountFen = fenOf(answer.refundAmount);
    const ours = answer.outTradeNo === refund.paymentNo && answer.outRequestNo === refund.refundNo;
    if (answer.refundStatus !== 'REFUND_SUCCESS' || !ours || amountFen === null) {
      return { state: 'unknown', detail: `refund_status ${String(answer.refundStatus)}` };
    }
    return { state: 'refunded', amountFen };
  }
}

/**
 * Withholding agreements (商家扣款) through the same SDK and keys: `alipay.user.agreement.page.sign`
 * URLs, `alipay.user.agreement.query` and `.unsign`, charges by `alipay.trade.pay` with
 * `agreement_params.agreement_no`; the `dut_user_sign` and `dut_user_unsign` notifies verified like
 * the payment notify.
 */
export class AlipayAgreements implements AgreementGateway {
  constructor(
    private readonly sdk: AlipaySdk,
    private readonly signature: AlipaySignature,
    private readonly settings: AlipaySettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get product() {
    return { personal_product_code: PERSONAL_PRODUCT_CODE, sign_scene: this.settings.signScene ?? DEFAULT_SIGN_SCENE };
  }

  signUrl(externalAgreementNo: string, returnUrl: string | null, apiBase: string): string {
    return this.signature.pageUrl(this.settings.gateway, {
      method: 'alipay.user.agreement.page.sign',
      bizContent: {
        ...this.product,
        product_code: WITHHOLDING_PRODUCT_CODE,
        external_agreement_no: externalAgreementNo,
        access_params: { channel: 'ALIPAYAPP' },
      },
      notifyUrl: `${apiBase}${GATEWAY_ENDPOINTS.alipayAgreementNotify}`,
      returnUrl,
    });
  }

  /** An agreement notify's fields when they are Alipay's, signed for this app: null for anything else. */
  verifiedNotify(fields: Record<string, string>): GatewayAgreement | null {
    if (!this.signature.signedByAlipay(fields)) return null;
    if (fields.app_id !== this.settings.appId || !AGREEMENT_NOTIFIES.has(fields.notify_type ?? '')) return null;
    if (!fields.external_agreement_no) return null;
    return agreementOf(fields.external_agreement_no, fields.agreement_no, fields.status);
  }

  async agreement(externalAgreementNo: string): Promise<GatewayAgreement | null> {
    let answer: Record<string, unknown>;
    try {
      answer = await ask(this.sdk, 'alipay.user.agreement.query', { ...this.product, external_agreement_no: externalAgreementNo });
    } catch (error) {
      this.log.warn({ err: loggableFailure(error), external_agreement_no: externalAgreementNo }, 'alipay.user.agreement.query failed');
      return null;
    }
    if (answer.code === '40004' && String(answer.subCode ?? '').endsWith('AGREEMENT_NOT_EXIST'))
      return { state: 'none', externalAgreementNo };
    if (answer.code !== '10000' || answer.externalAgreementNo !== externalAgreementNo) return null;
    return agreementOf(externalAgreementNo, answer.agreementNo, answer.status);
  }

  async unsign(agreementNo: string, externalAgreementNo: string): Promise<boolean> {
    try {
      const answer = await ask(this.sdk, 'alipay.user.agreement.unsign', {
        ...this.product,
        agreement_no: agreementNo,
        external_agreement_no: externalAgreementNo,
      });
      return answer.code === '10000';
    } catch (error) {
      this.log.warn({ err: loggableFailure(error), agreement_no: agreementNo }, 'alipay.user.agreement.unsign failed');
      return false;
    }
  }

  /**
   * Alipay answers a withholding `alipay.trade.pay` with `10000` when the money was taken; a
   * refusal it names (no balance, the agreement ended) is a failure; `10003` (still working),
   * a system error or no answer at all is unknown, and `alipay.trade.query` says later.
   */
  async charge(charge: ChargeToMake): Promise<ChargeOutcome> {
    let answer: Record<string, unknown>;
    try {
      answer = await ask(this.sdk, 'alipay.trade.pay', {
        out_trade_no: charge.paymentNo,
        total_amount: yuanOf(charge.amountFen),
        subject: charge.subject,
        product_code: WITHHOLDING_PRODUCT_CODE,
        agreement_params: { agreement_no: charge.agreementNo },
      });
    } catch (error) {
      const failure = loggableFailure(error);
      this.log.warn({ err: failure, payment_no: charge.paymentNo }, 'alipay.trade.pay failed');
      return { state: 'unknown', detail: failure.message };
    }
    const amountFen = fenOf(answer.totalAmount);
    if (answer.code === '10000' && answer.outTradeNo === charge.paymentNo && amountFen === charge.amountFen) {
      return { state: 'paid', trade: { paymentNo: charge.paymentNo, tradeNo: String(answer.tradeNo ?? ''), amountFen, paid: true } };
    }
    const refusal = CHARGE_REFUSALS[String(answer.subCode ?? '')];
    if (answer.code === '40004' && refusal) return { state: 'failed', reason: refusal };
    if (answer.code === '40004' && answer.subCode !== 'ACQ.TRADE_HAS_SUCCESS')
      return { state: 'failed', reason: String(answer.subCode ?? answer.code) };
    return { state: 'unknown', detail: detailOf(answer) };
  }

  /**
   * `alipay.trade.cancel`: Alipay closes a trade not paid (`action: close`) or gives back one
   * paid (`refund`); `retry_flag: Y`, another answer or none leaves it unknown.
   */
  async cancelCharge(paymentNo: string): Promise<'closed' | 'unknown'> {
    let answer: Record<string, unknown>;
    try {
      answer = await ask(this.sdk, 'alipay.trade.cancel', { out_trade_no: paymentNo });
    } catch (error) {
      this.log.warn({ err: loggableFailure(error), payment_no: paymentNo }, 'alipay.trade.cancel failed');
      return 'unknown';
    }
    return answer.code === '10000' && answer.retryFlag !== 'Y' ? 'closed' : 'unknown';
  }
}
