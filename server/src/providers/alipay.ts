import { createPrivateKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { GATEWAY_ENDPOINTS } from '@instalment/contract/api';
import type { FastifyBaseLogger } from 'fastify';
import type { AlipaySettings } from '../config';
import { loggableFailure } from './failures';
import type { GatewayTrade, PaymentGateway, PaymentToPay, RefundAsked, RefundFound, RefundOutcome, RefundToMake } from './gateway';

/** Alipay's notify and query say a trade is paid with one of these. */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** How long a call waits for Alipay unless the settings say: the SDK's own default. */
const TIMEOUT_MS = 5_000;

/** An error answer that says nothing of what happened: Alipay's own failure, to be asked again with the same numbers. */
const unsure = (answer: Record<string, unknown>) => answer.code === '20000' || String(answer.subCode ?? '').endsWith('SYSTEM_ERROR');

const detailOf = (answer: Record<string, unknown>) => String(answer.subMsg ?? answer.subCode ?? answer.msg ?? answer.code);

/** The SDK labels a private key by its encoding; a console key may be either, PEM or bare base64. */
function keyTypeOf(privateKey: string): 'PKCS1' | 'PKCS8' {
  if (privateKey.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (privateKey.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  try {
    createPrivateKey({ key: Buffer.from(privateKey.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

/** Yuan with two decimals, as Alipay's amounts are written. */
export const yuanOf = (fen: number) => (fen / 100).toFixed(2);

/** Fen from Alipay's yuan string, or null when it is not an amount. */
export function fenOf(yuan: unknown): number | null {
  if (typeof yuan !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(yuan)) return null;
  const [whole, part = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/**
 * Alipay through its official SDK: `alipay.trade.wap.pay` URLs signed RSA2 with the app's key,
 * notifies and `alipay.trade.query`, `alipay.trade.refund` and `alipay.trade.fastpay.refund.query`
 * answers verified with Alipay's.
 */
export class AlipayGateway implements PaymentGateway {
  readonly channels = ['alipay'] as const;
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly settings: AlipaySettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      keyType: keyTypeOf(settings.privateKey),
      alipayPublicKey: settings.alipayPublicKey,
      gateway: settings.gateway,
      signType: 'RSA2',
      timeout: settings.timeoutMs ?? TIMEOUT_MS,
    });
  }

  payUrl(payment: PaymentToPay, _channel: string, returnUrl: string | null, apiBase: string): string {
    return this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      bizContent: {
        out_trade_no: payment.paymentNo,
        total_amount: yuanOf(payment.amountFen),
        subject: payment.subject,
        product_code: 'QUICK_WAP_WAY',
        ...(payment.quitUrl ? { quit_url: payment.quitUrl } : {}),
      },
      notifyUrl: `${apiBase}${GATEWAY_ENDPOINTS.alipayNotify}`,
      ...(returnUrl ? { returnUrl } : {}),
    });
  }

  /** A notify's fields when they are Alipay's, signed for this app: null for anything else. */
  verifiedNotify(fields: Record<string, string>): GatewayTrade | null {
    if (!this.sdk.checkNotifySignV2(fields)) return null;
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
      answer = await this.sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: paymentNo } }, { validateSign: true });
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
      answer = await this.sdk.exec(
        'alipay.trade.refund',
        {
          bizContent: {
            out_trade_no: refund.paymentNo,
            ...(refund.tradeNo ? { trade_no: refund.tradeNo } : {}),
            refund_amount: yuanOf(refund.amountFen),
            out_request_no: refund.refundNo,
            refund_reason: refund.reason,
          },
        },
        { validateSign: true },
      );
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
      answer = await this.sdk.exec(
        'alipay.trade.fastpay.refund.query',
        { bizContent: { out_trade_no: refund.paymentNo, out_request_no: refund.refundNo } },
        { validateSign: true },
      );
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
