import { createPrivateKey, createPublicKey, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlipaySettings } from '../../src/settings/config';
import { request as send } from './request';

/** A trade as the fake gateway keeps it, from the signed page request on. */
export interface FakeTrade {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  productCode: string;
  notifyUrl: string;
  returnUrl: string | null;
  /** TRADE_CLOSED: cancelled (`alipay.trade.cancel`), with what it took given back. */
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
  /** What the app answered to each notify. */
  notifyAnswers: string[];
}

/** A refund Alipay made: one per trade and `out_request_no`, however often it is asked. */
export interface FakeRefund {
  outTradeNo: string;
  tradeNo: string;
  outRequestNo: string;
  refundAmount: string;
  reason: string;
}

/** A withholding agreement as the fake keeps it, from the signing page on. */
export interface FakeAgreement {
  externalAgreementNo: string;
  /** Alipay's number, given when the borrower signs. */
  agreementNo: string | null;
  status: 'TEMP' | 'NORMAL' | 'UNSIGN';
  personalProductCode: string;
  signScene: string;
  notifyUrl: string;
  returnUrl: string | null;
  /** What the app answered to each agreement notify. */
  notifyAnswers: string[];
}

export interface AlipayFake {
  /** What ALIPAY_GATEWAY is set to. */
  gateway: string;
  appId: string;
  /** The app's key pair (the app signs with the private one; the fake checks with the public one). */
  appPrivateKey: string;
  appPublicKey: string;
  /** Alipay's public key: what ALIPAY_PUBLIC_KEY is set to. */
  alipayPublicKey: string;
  /** Trades by out_trade_no. */
  trades: Map<string, FakeTrade>;
  /** Requests refused because the app's signature did not verify. */
  forged: number;
  /** Refunds made, in order. */
  refunds: FakeRefund[];
  /** Signed `alipay.trade.refund` requests, repeats of a refund's number included. */
  refundRequests: number;
  /** How long a refund's answer takes after the refund is made: past the app's time-out, the app never reads it. */
  refundDelayMs: number;
  /** While true a refund request is lost on the way: nothing is refunded, and the connection drops after `refundDelayMs`. */
  loseRefunds: boolean;
  /** Signed `alipay.trade.fastpay.refund.query` requests. */
  refundQueries: number;
  /** While true refund queries are answered with Alipay's system error, which says nothing of the refund. */
  refundQueriesFail: boolean;
  /** While true the payer pays but no notify is sent (a lost notify): only a query finds it. */
  holdNotifies: boolean;
  /** Withholding agreements by external_agreement_no. */
  agreements: Map<string, FakeAgreement>;
  /** The borrower's Alipay balance in fen: a withholding charge above it is refused (ACQ.BALANCE_NOT_ENOUGH). */
  balanceFen: number;
  /** While true a withholding charge is made (or refused) as usual but answered with a system error: only a query tells. */
  unknownCharges: boolean;
  /** Signed `alipay.trade.pay` requests, repeats included. */
  chargeRequests: number;
  /** Signed `alipay.trade.cancel` requests. */
  cancels: number;
  /** An agreement notify (`dut_user_sign`, or `dut_user_unsign` once ended) as Alipay sends it, signed; `changes` applied before signing. */
  agreementNotifyFields(externalAgreementNo: string, changes?: Record<string, string>): Record<string, string>;
  /** What the borrower's "Sign" on the signing page does: the agreement is signed and its notify sent; the return URL. */
  signAgreement(externalAgreementNo: string): Promise<string | null>;
  /** The borrower ends the agreement in Alipay: its unsign notify is sent; the app's answer. */
  endAgreement(externalAgreementNo: string): Promise<string>;
  /** A notify as Alipay sends it for a trade, signed with Alipay's key; `changes` are applied before signing. */
  notifyFields(outTradeNo: string, changes?: Record<string, string>): Record<string, string>;
  /** Signs any fields with Alipay's key, the way it signs notifies. */
  sign(fields: Record<string, string>): Record<string, string>;
  /** Posts a notify form to the app; resolves with the app's answer. */
  postNotify(notifyUrl: string, fields: Record<string, string>): Promise<string>;
  /** What the payer's "Pay" does: the trade is paid, the notify sent (unless held); the return URL. */
  pay(outTradeNo: string): Promise<string | null>;
  close(): Promise<void>;
}

const ALIPAY_ALGORITHM = 'RSA-SHA256';

/** How the fake starts, and each test with it (`withFakes`): every answer sent on time, a balance far above any loan's. */
export const FIRST_SWITCHES: Pick<
  AlipayFake,
  'holdNotifies' | 'refundDelayMs' | 'loseRefunds' | 'refundQueriesFail' | 'unknownCharges' | 'balanceFen'
> = {
  holdNotifies: false,
  refundDelayMs: 0,
  loseRefunds: false,
  refundQueriesFail: false,
  unknownCharges: false,
  balanceFen: 100_000_000,
};

/** How far a request's `timestamp` may be from the fake's clock: Alipay refuses a request sent at another time. */
const TIMESTAMP_SLACK_MS = 15 * 60_000;

/** Whether a request's `timestamp` (`yyyy-MM-dd HH:mm:ss`, which Alipay reads as Beijing time) is now. */
function onTime(timestamp: string | undefined): boolean {
  if (!timestamp || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(timestamp)) return false;
  return Math.abs(Date.parse(`${timestamp.replace(' ', 'T')}+08:00`) - Date.now()) <= TIMESTAMP_SLACK_MS;
}

/** Alipay's signed string: every field but `sign` (and, for notifies, `sign_type`), sorted, `k=v` joined by `&`. */
const signedString = (fields: Record<string, string>, without: readonly string[]) =>
  Object.keys(fields)
    .filter((key) => !without.includes(key) && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');

function keys() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/**
 * What a test server takes to charge and refund through this fake as production does through
 * Alipay: the gateway, the app's keys and the fake's; `settings` adds a time-out or a sign scene.
 */
export function throughFake(alipay: AlipayFake, settings: Partial<AlipaySettings> = {}) {
  return {
    paymentProvider: 'alipay' as const,
    alipay: {
      appId: alipay.appId,
      privateKey: alipay.appPrivateKey,
      alipayPublicKey: alipay.alipayPublicKey,
      gateway: alipay.gateway,
      ...settings,
    },
  };
}

/** The environment of an API process charging and refunding through this fake, as a deployment sets it. */
export const alipayEnv = (alipay: AlipayFake) => ({
  ALIPAY_APP_ID: alipay.appId,
  ALIPAY_PRIVATE_KEY: alipay.appPrivateKey.replace(/\n/g, '\\n'),
  ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
  ALIPAY_GATEWAY: alipay.gateway,
});

/**
 * A loopback stand-in for openapi.alipay.com that checks what Alipay checks: every request's
 * RSA2 signature against the app's public key, the app id and the method; it signs its notifies,
 * returns and query answers with a key of its own, which the app must verify.
 */
export async function startAlipayFake(appId = '2021000000000001'): Promise<AlipayFake> {
  const app = keys();
  const alipay = keys();
  // Parsed once: a PEM string is parsed again on every sign and verify, most of the fake's time on a repayment day.
  const signingKey = createPrivateKey(alipay.privateKey);
  const appKey = createPublicKey(app.publicKey);
  const trades = new Map<string, FakeTrade>();
  const now = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

  const sign = (fields: Record<string, string>) => {
    const withType = { ...fields, sign_type: 'RSA2' };
    const signature = createSign(ALIPAY_ALGORITHM)
      .update(signedString(withType, ['sign', 'sign_type']), 'utf8')
      .sign(signingKey, 'base64');
    return { ...withType, sign: signature };
  };
  const appSigned = (fields: Record<string, string>) =>
    typeof fields.sign === 'string' &&
    createVerify(ALIPAY_ALGORITHM)
      .update(signedString(fields, ['sign']), 'utf8')
      .verify(appKey, fields.sign, 'base64');

  const notifyFields = (outTradeNo: string, changes: Record<string, string> = {}) => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    return sign({
      notify_time: now(),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(12).toString('hex'),
      charset: 'utf-8',
      version: '1.0',
      app_id: appId,
      auth_app_id: appId,
      seller_id: '2088000000000001',
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      subject: trade.subject,
      gmt_create: now(),
      gmt_payment: now(),
      ...changes,
    });
  };

  const agreements = new Map<string, FakeAgreement>();
  const agreementNotifyFields = (externalAgreementNo: string, changes: Record<string, string> = {}) => {
    const agreement = agreements.get(externalAgreementNo);
    if (!agreement) throw new Error(`no agreement ${externalAgreementNo}`);
    const ended = agreement.status === 'UNSIGN';
    return sign({
      notify_time: now(),
      notify_type: ended ? 'dut_user_unsign' : 'dut_user_sign',
      notify_id: randomBytes(12).toString('hex'),
      charset: 'utf-8',
      version: '1.0',
      app_id: appId,
      auth_app_id: appId,
      alipay_user_id: '2088000000000002',
      agreement_no: agreement.agreementNo ?? '',
      external_agreement_no: agreement.externalAgreementNo,
      personal_product_code: agreement.personalProductCode,
      sign_scene: agreement.signScene,
      status: agreement.status,
      ...(ended ? { unsign_time: now() } : { sign_time: now() }),
      ...changes,
    });
  };

  // Alipay keeps its connections to a merchant open; a repayment day's thousands of notifies share them.
  const notifier = new http.Agent({ keepAlive: true });
  const postNotify = async (notifyUrl: string, fields: Record<string, string>) =>
    (
      await send(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(fields).toString(),
        agent: notifier,
      })
    ).text;

  const fake = {
    appId,
    appPrivateKey: app.privateKey,
    appPublicKey: app.publicKey,
    alipayPublicKey: alipay.publicKey,
    trades,
    forged: 0,
    refunds: [] as FakeRefund[],
    refundRequests: 0,
    refundQueries: 0,
    agreements,
    ...FIRST_SWITCHES,
    chargeRequests: 0,
    cancels: 0,
    agreementNotifyFields,
    async signAgreement(externalAgreementNo: string): Promise<string | null> {
      const agreement = agreements.get(externalAgreementNo);
      if (!agreement) throw new Error(`no agreement ${externalAgreementNo}`);
      agreement.status = 'NORMAL';
      agreement.agreementNo ??= `2026${randomBytes(8).toString('hex')}`;
      agreement.notifyAnswers.push(await postNotify(agreement.notifyUrl, agreementNotifyFields(externalAgreementNo)));
      if (!agreement.returnUrl) return null;
      const back = new URL(agreement.returnUrl);
      back.searchParams.set('external_agreement_no', externalAgreementNo);
      return back.toString();
    },
    async endAgreement(externalAgreementNo: string): Promise<string> {
      const agreement = agreements.get(externalAgreementNo);
      if (!agreement) throw new Error(`no agreement ${externalAgreementNo}`);
      agreement.status = 'UNSIGN';
      const answered = await postNotify(agreement.notifyUrl, agreementNotifyFields(externalAgreementNo));
      agreement.notifyAnswers.push(answered);
      return answered;
    },
    notifyFields,
    sign,
    postNotify,
    async pay(outTradeNo: string): Promise<string | null> {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.status = 'TRADE_SUCCESS';
      if (!fake.holdNotifies) trade.notifyAnswers.push(await postNotify(trade.notifyUrl, notifyFields(outTradeNo)));
      if (!trade.returnUrl) return null;
      const back = new URL(trade.returnUrl);
      const returned = sign({
        charset: 'utf-8',
        method: 'alipay.trade.wap.pay.return',
        app_id: appId,
        auth_app_id: appId,
        seller_id: '2088000000000001',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        total_amount: trade.totalAmount,
        timestamp: now(),
        version: '1.0',
      });
      for (const [name, value] of Object.entries(returned)) back.searchParams.set(name, value);
      return back.toString();
    },
  };

  const page = (response: http.ServerResponse, status: number, title: string, body: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
  };

  /** An `exec` method's answer as Alipay writes it: the inner object, and Alipay's signature of its exact text. */
  const answer = (response: http.ServerResponse, method: string, inner: Record<string, string>) => {
    const text = JSON.stringify(inner);
    const signature = createSign(ALIPAY_ALGORITHM).update(text, 'utf8').sign(signingKey, 'base64');
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(`{"${method.replaceAll('.', '_')}_response":${text},"sign":"${signature}"}`);
  };

  const failed = (subCode: string, subMsg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

  /** Alipay's rules for a refund: a paid trade, at most what was paid in all, and one refund per `out_request_no`. */
  const refund = (biz: Record<string, string>): Record<string, string> => {
    fake.refundRequests += 1;
    const trade = trades.get(biz.out_trade_no);
    if (!trade || (biz.trade_no && biz.trade_no !== trade.tradeNo)) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (trade.status !== 'TRADE_SUCCESS') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    const ofTrade = fake.refunds.filter((made) => made.outTradeNo === trade.outTradeNo);
    const refundedFen = () => ofTrade.reduce((sum, made) => sum + Math.round(Number(made.refundAmount) * 100), 0);
    const done = (fundChange: 'Y' | 'N') => ({
      code: '10000',
      msg: 'Success',
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      buyer_logon_id: 'buy***@example.com',
      fund_change: fundChange,
      refund_fee: (refundedFen() / 100).toFixed(2),
    });
    if (ofTrade.some((made) => made.outRequestNo === biz.out_request_no)) return done('N');
    const amountFen = Math.round(Number(biz.refund_amount) * 100);
    if (!(amountFen > 0) || refundedFen() + amountFen > Math.round(Number(trade.totalAmount) * 100)) {
      return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    }
    const made: FakeRefund = {
      outTradeNo: trade.outTradeNo,
      tradeNo: trade.tradeNo,
      outRequestNo: biz.out_request_no,
      refundAmount: biz.refund_amount,
      reason: biz.refund_reason ?? '',
    };
    fake.refunds.push(made);
    ofTrade.push(made);
    return done('Y');
  };

  /**
   * Alipay's answer to `alipay.trade.fastpay.refund.query`: a refund it made, with its amount and
   * `refund_status: REFUND_SUCCESS`; for a number it never refunded, the trade without a status.
   */
  const refundQuery = (biz: Record<string, string>): Record<string, string> => {
    fake.refundQueries += 1;
    if (fake.refundQueriesFail)
      return { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'aop.ACQ.SYSTEM_ERROR', sub_msg: '系统繁忙' };
    const trade = trades.get(biz.out_trade_no);
    if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const made = fake.refunds.find((refunded) => refunded.outTradeNo === trade.outTradeNo && refunded.outRequestNo === biz.out_request_no);
    const known = { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo };
    if (!made) return known;
    return {
      ...known,
      out_request_no: made.outRequestNo,
      total_amount: trade.totalAmount,
      refund_amount: made.refundAmount,
      refund_status: 'REFUND_SUCCESS',
    };
  };

  /** Alipay's answer to `alipay.user.agreement.query`: an agreement signed (or ended), or none yet. */
  const agreementQuery = (biz: Record<string, string>): Record<string, string> => {
    const agreement = agreements.get(biz.external_agreement_no);
    if (!agreement || agreement.status === 'TEMP') return failed('USER_AGREEMENT_NOT_EXIST', '用户协议不存在');
    return {
      code: '10000',
      msg: 'Success',
      agreement_no: agreement.agreementNo ?? '',
      external_agreement_no: agreement.externalAgreementNo,
      personal_product_code: agreement.personalProductCode,
      sign_scene: agreement.signScene,
      status: agreement.status === 'NORMAL' ? 'NORMAL' : 'STOP',
      alipay_logon_id: 'buy***@example.com',
    };
  };

  /** `alipay.user.agreement.unsign`: the agreement ends, and its unsign notify follows the answer. */
  const unsign = (biz: Record<string, string>): Record<string, string> => {
    const agreement = [...agreements.values()].find((candidate) => candidate.agreementNo === biz.agreement_no);
    if (!agreement || agreement.status !== 'NORMAL') return failed('USER_AGREEMENT_NOT_EXIST', '用户协议不存在');
    agreement.status = 'UNSIGN';
    setTimeout(() => {
      void postNotify(agreement.notifyUrl, agreementNotifyFields(agreement.externalAgreementNo)).then(
        (answered) => agreement.notifyAnswers.push(answered),
        () => undefined,
      );
    }, 0);
    return { code: '10000', msg: 'Success' };
  };

  /**
   * A withholding `alipay.trade.pay`: on a signed agreement, once per `out_trade_no` (a repeat of a
   * paid one answers it again), refused when the balance is short.
   */
  const withhold = (biz: Record<string, unknown>): Record<string, string> => {
    fake.chargeRequests += 1;
    const agreementNo = (biz.agreement_params as { agreement_no?: string } | undefined)?.agreement_no;
    const agreement = [...agreements.values()].find((candidate) => candidate.agreementNo === agreementNo);
    if (biz.product_code !== 'GENERAL_WITHHOLDING' || !agreement) return failed('ACQ.AGREEMENT_NOT_EXIST', '协议不存在');
    if (agreement.status !== 'NORMAL') return failed('ACQ.AGREEMENT_INVALID', '协议已失效');
    const outTradeNo = String(biz.out_trade_no);
    const existing = trades.get(outTradeNo);
    const paid = (trade: FakeTrade) => ({
      code: '10000',
      msg: 'Success',
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      total_amount: trade.totalAmount,
      buyer_logon_id: 'buy***@example.com',
    });
    if (existing?.status === 'TRADE_SUCCESS') return paid(existing);
    if (existing?.status === 'TRADE_CLOSED') return failed('ACQ.TRADE_HAS_CLOSE', '交易已关闭');
    const amountFen = Math.round(Number(biz.total_amount) * 100);
    if (amountFen > fake.balanceFen) return failed('ACQ.BALANCE_NOT_ENOUGH', '余额不足');
    fake.balanceFen -= amountFen;
    const trade: FakeTrade = {
      outTradeNo,
      totalAmount: String(biz.total_amount),
      subject: String(biz.subject),
      productCode: 'GENERAL_WITHHOLDING',
      notifyUrl: '',
      returnUrl: null,
      status: 'TRADE_SUCCESS',
      tradeNo: `2026${randomBytes(12).toString('hex')}`,
      notifyAnswers: [],
    };
    trades.set(outTradeNo, trade);
    return paid(trade);
  };

  /**
   * `alipay.trade.cancel`: a paid trade is given back (`action: refund`), any other closed
   * (`close`), one never made closed before it can be (so a late charge with its number is refused).
   */
  const cancel = (biz: Record<string, string>): Record<string, string> => {
    fake.cancels += 1;
    const trade = trades.get(biz.out_trade_no);
    const action = trade?.status === 'TRADE_SUCCESS' ? 'refund' : 'close';
    if (trade?.status === 'TRADE_SUCCESS') fake.balanceFen += Math.round(Number(trade.totalAmount) * 100);
    trades.set(biz.out_trade_no, {
      ...(trade ?? { outTradeNo: biz.out_trade_no, totalAmount: '0.00', subject: '', productCode: '', notifyUrl: '', returnUrl: null }),
      tradeNo: trade?.tradeNo ?? `2026${randomBytes(12).toString('hex')}`,
      notifyAnswers: trade?.notifyAnswers ?? [],
      status: 'TRADE_CLOSED',
    });
    return { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, retry_flag: 'N', action };
  };

  /** The request's fields: the query, plus a form body (the SDK puts biz_content there for exec calls). */
  const fieldsOf = async (request: http.IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const fields = Object.fromEntries(url.searchParams);
    if (request.method === 'POST') Object.assign(fields, Object.fromEntries(new URLSearchParams(await readBody(request))));
    return { path: url.pathname, fields };
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const { path, fields } = await fieldsOf(request);
      if (path === '/pay' && request.method === 'POST') {
        const back = await fake.pay(fields.out_trade_no);
        if (!back) return page(response, 200, 'Payment complete', '<p>You can close this page.</p>');
        response.writeHead(303, { location: back });
        return response.end();
      }
      if (path === '/agreement/sign' && request.method === 'POST') {
        const back = await fake.signAgreement(fields.external_agreement_no);
        if (!back) return page(response, 200, 'Agreement signed', '<p>You can close this page.</p>');
        response.writeHead(303, { location: back });
        return response.end();
      }
      // The merchant's view of a trade's refunds (Alipay's merchant portal), for tests in another process.
      if (path === '/refunds' && request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        return response.end(JSON.stringify(fake.refunds.filter((made) => made.outTradeNo === fields.out_trade_no)));
      }
      // A page request is refused with Alipay's error page, a call with its error answer.
      const refused = (subCode: string, pageText: string) => {
        if (request.method === 'GET') return page(response, 400, 'Invalid request', `<p>${pageText}</p>`);
        response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        return response.end(JSON.stringify({ error_response: { code: '40002', msg: 'Invalid Arguments', sub_code: subCode } }));
      };
      if (!appSigned(fields) || fields.app_id !== appId || fields.sign_type !== 'RSA2') {
        fake.forged += 1;
        return refused('isv.invalid-signature', 'ILLEGAL_SIGN: the signature does not verify.');
      }
      if (!onTime(fields.timestamp))
        return refused('isv.invalid-timestamp', 'INVALID_TIMESTAMP: the timestamp is not Beijing time of now.');
      const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
      if (fields.method === 'alipay.trade.wap.pay' && request.method === 'GET') {
        const trade: FakeTrade = trades.get(biz.out_trade_no) ?? {
          outTradeNo: biz.out_trade_no,
          totalAmount: biz.total_amount,
          subject: biz.subject,
          productCode: biz.product_code,
          notifyUrl: fields.notify_url,
          returnUrl: fields.return_url ?? null,
          status: 'WAIT_BUYER_PAY',
          tradeNo: `2026${randomBytes(12).toString('hex')}`,
          notifyAnswers: [],
        };
        trades.set(trade.outTradeNo, trade);
        return page(
          response,
          200,
          'Alipay (test gateway)',
          `<p>${escapeHtml(trade.subject)}</p><p aria-label="Amount">¥${escapeHtml(trade.totalAmount)}</p>
<form method="post" action="/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(trade.outTradeNo)}"><button type="submit">Pay with Alipay</button></form>`,
        );
      }
      if (fields.method === 'alipay.user.agreement.page.sign' && request.method === 'GET') {
        const agreement: FakeAgreement = agreements.get(biz.external_agreement_no) ?? {
          externalAgreementNo: biz.external_agreement_no,
          agreementNo: null,
          status: 'TEMP',
          personalProductCode: biz.personal_product_code,
          signScene: biz.sign_scene,
          notifyUrl: fields.notify_url,
          returnUrl: fields.return_url ?? null,
          notifyAnswers: [],
        };
        agreements.set(agreement.externalAgreementNo, agreement);
        return page(
          response,
          200,
          'Alipay (test gateway): sign withholding agreement',
          `<p>Agreement ${escapeHtml(agreement.externalAgreementNo)}</p>
<form method="post" action="/agreement/sign"><input type="hidden" name="external_agreement_no" value="${escapeHtml(agreement.externalAgreementNo)}"><button type="submit">Agree and sign</button></form>`,
        );
      }
      if (fields.method === 'alipay.user.agreement.query' && request.method === 'POST') {
        return answer(response, fields.method, agreementQuery(biz));
      }
      if (fields.method === 'alipay.user.agreement.unsign' && request.method === 'POST') {
        return answer(response, fields.method, unsign(biz));
      }
      if (fields.method === 'alipay.trade.pay' && request.method === 'POST') {
        const made = withhold(JSON.parse(fields.biz_content ?? '{}') as Record<string, unknown>);
        if (fake.unknownCharges)
          return answer(response, fields.method, {
            code: '20000',
            msg: 'Service Currently Unavailable',
            sub_code: 'aop.ACQ.SYSTEM_ERROR',
            sub_msg: '系统繁忙',
          });
        return answer(response, fields.method, made);
      }
      if (fields.method === 'alipay.trade.cancel' && request.method === 'POST') {
        return answer(response, fields.method, cancel(biz));
      }
      if (fields.method === 'alipay.trade.query' && request.method === 'POST') {
        const trade = trades.get(biz.out_trade_no);
        const inner = trade
          ? {
              code: '10000',
              msg: 'Success',
              out_trade_no: trade.outTradeNo,
              trade_no: trade.tradeNo,
              trade_status: trade.status,
              total_amount: trade.totalAmount,
              buyer_logon_id: 'buy***@example.com',
            }
          : failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return answer(response, fields.method, inner);
      }
      if (fields.method === 'alipay.trade.refund' && request.method === 'POST') {
        if (fake.loseRefunds) {
          fake.refundRequests += 1;
          await new Promise((resolve) => setTimeout(resolve, fake.refundDelayMs));
          return response.destroy();
        }
        const made = refund(biz);
        if (fake.refundDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.refundDelayMs));
        // The app may have given up meanwhile: the refund is made all the same.
        if (response.socket && !response.socket.destroyed) answer(response, fields.method, made);
        return;
      }
      if (fields.method === 'alipay.trade.fastpay.refund.query' && request.method === 'POST') {
        return answer(response, fields.method, refundQuery(biz));
      }
      response.writeHead(404);
      response.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    gateway: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`,
    close: () =>
      new Promise<void>((resolve) => {
        notifier.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
