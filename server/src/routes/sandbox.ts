import { SANDBOX_ENDPOINTS } from '@instalment/contract/api';
import { formatMoney, fromFen, parsePeriods } from '@instalment/contract/loan';
import type { FastifyReply } from 'fastify';
import { withResult } from '../providers/gateway';
import { appReturnUrl } from '../services/payments';
import {
  BackToApp,
  GatewayPage,
  SandboxAgreementForm,
  SandboxAgreementQuery,
  SandboxConfirmForm,
  SandboxPayQuery,
} from '@instalment/contract/api/schemas';
import type { PaymentChannel, PaymentResult } from '@instalment/contract/api';
import type { RoutePlugin } from './deps';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const STYLE = `
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f2f4f8;color:#1f2933}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.brand{font-size:14px;color:#52606d;margin:0 0 4px}
h1{font-size:20px;margin:0 0 16px}
.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.amount{font-size:32px;font-weight:700;margin:4px 0 16px;text-align:center}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;margin:0 0 20px;font-size:14px}
dt{color:#52606d}dd{margin:0;text-align:right;word-break:break-all}
.note{font-size:12px;color:#7b8794;margin:16px 0 0;text-align:center}
button,a.button{display:block;width:100%;box-sizing:border-box;border:0;border-radius:8px;padding:14px;font-size:16px;text-align:center;text-decoration:none;cursor:pointer;margin-top:10px}
.pay{background:#0958d9;color:#fff}.cancel{background:#e4e7eb;color:#1f2933}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><p class="brand">Sandbox payment gateway · test mode, no money moves</p><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(page(title, body));
}

/**
 * The sandbox gateway: the way a real one works, the app sends the browser here with a
 * payment number and a return address; the payer confirms or cancels; the browser goes back.
 */
export const sandboxRoutes: RoutePlugin = async (app, { services, config }) => {
  const { payments, catalogue } = services;

  const allowedReturn = (returnUrl: string) => appReturnUrl(config.appOrigins, returnUrl) !== null;
  const refuseReturn = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      'Payment not possible',
      '<div class="card"><p>The shop did not give an address this gateway may return to.</p></div>',
    );
  const channelFor = async (code: string): Promise<PaymentChannel | null> =>
    code === ''
      ? ((await catalogue.enabledChannels()).find((channel) => channel.kind === 'gateway') ?? null)
      : payments.gatewayChannel(code);

  const page = { 200: GatewayPage, '4xx': GatewayPage };
  app.get(SANDBOX_ENDPOINTS.payPage, { schema: { querystring: SandboxPayQuery, response: page } }, async (request, reply) => {
    const { return_url: returnUrl = '', payment_no: paymentNo = '', channel: channelCode = '' } = request.query;
    if (!allowedReturn(returnUrl)) return refuseReturn(reply);
    const payment = await payments.byNumber(paymentNo);
    const back = (result: PaymentResult, label: string) =>
      `<a class="button cancel" href="${escapeHtml(withResult(returnUrl, { payment_no: payment?.payment_no ?? '', result }))}">${label}</a>`;
    if (!payment)
      return sendPage(
        reply,
        404,
        'Payment not found',
        `<div class="card"><p>There is no payment with this number.</p>${back('failed', 'Back to the app')}</div>`,
      );
    const channel = await channelFor(channelCode);
    if (!channel)
      return sendPage(
        reply,
        400,
        'Payment not possible',
        `<div class="card"><p>This payment method is not available.</p>${back('failed', 'Back to the app')}</div>`,
      );
    if (payment.status === 'paid') {
      return sendPage(
        reply,
        200,
        'Payment complete',
        `<div class="card"><p>This payment has already been made.</p>${back('success', 'Back to the app')}</div>`,
      );
    }
    if (payment.status === 'repriced') {
      return sendPage(
        reply,
        409,
        'Price changed',
        `<div class="card"><p>What is due changed since this payment was opened. Nothing was charged. Go back to see the new amount.</p>${back('repriced', 'Back to the app')}</div>`,
      );
    }
    if (payment.status !== 'open' || payments.isExpired(payment)) {
      return sendPage(
        reply,
        410,
        'Payment expired',
        `<div class="card"><p>This payment is no longer open. Go back and start the payment again.</p>${back('failed', 'Back to the app')}</div>`,
      );
    }
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    return sendPage(
      reply,
      200,
      'Confirm payment',
      `<div class="card">
<p class="amount" aria-label="Amount">${escapeHtml(formatMoney(fromFen(payment.amount_fen)))}</p>
<dl>
<dt>Merchant</dt><dd>Instalment Finance Co., Ltd.</dd>
<dt>Order</dt><dd>${escapeHtml(payment.order_no)}</dd>
<dt>Instalments</dt><dd>${payment.payoff === 1 ? 'the whole loan (payoff)' : escapeHtml((parsePeriods(payment.periods) ?? []).join(', '))}</dd>
<dt>Pay with</dt><dd>${escapeHtml(channel.name)}</dd>
<dt>Payment no.</dt><dd>${escapeHtml(payment.payment_no)}</dd>
</dl>
<form method="post" action="${SANDBOX_ENDPOINTS.confirm}">${hidden('payment_no', payment.payment_no)}${hidden('channel', channel.code)}${hidden('return_url', returnUrl)}
<button type="submit" class="pay" name="decision" value="pay">Pay</button>
<button type="submit" class="cancel" name="decision" value="cancel">Cancel</button>
</form>
<p class="note">Open until ${escapeHtml(new Date(payment.expires_at).toISOString().replace('T', ' ').slice(0, 16))} UTC</p>
</div>`,
    );
  });

  app.post(
    SANDBOX_ENDPOINTS.confirm,
    { schema: { body: SandboxConfirmForm, response: { 303: BackToApp, '4xx': GatewayPage } } },
    async (request, reply) => {
      const { return_url: returnUrl = '', payment_no: paymentNo = '', decision, channel: channelCode = '' } = request.body;
      if (!allowedReturn(returnUrl)) return refuseReturn(reply);
      const channel = await channelFor(channelCode);
      let result: PaymentResult;
      if (decision === 'cancel') result = 'cancelled';
      else if ((decision || 'pay') !== 'pay' || !channel) result = 'failed';
      else result = await payments.confirm(paymentNo, channel.code);
      request.log.info({ payment_no: paymentNo, result }, 'sandbox payment');
      return reply.header('Cache-Control', 'no-store').redirect(withResult(returnUrl, { payment_no: paymentNo, result }), 303);
    },
  );

  /** The signing page of a withholding agreement, as Alipay's: the borrower signs or cancels, and goes back. */
  app.get(SANDBOX_ENDPOINTS.agreementPage, { schema: { querystring: SandboxAgreementQuery, response: page } }, async (request, reply) => {
    const { return_url: returnUrl = '', external_agreement_no: externalAgreementNo = '' } = request.query;
    if (!allowedReturn(returnUrl)) return refuseReturn(reply);
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    return sendPage(
      reply,
      200,
      'Sign automatic repayment',
      `<div class="card">
<dl>
<dt>Merchant</dt><dd>Instalment Finance Co., Ltd.</dd>
<dt>Agreement no.</dt><dd>${escapeHtml(externalAgreementNo)}</dd>
</dl>
<p>Each due amount of your loans is charged on its due date.</p>
<form method="post" action="${SANDBOX_ENDPOINTS.agreementConfirm}">${hidden('external_agreement_no', externalAgreementNo)}${hidden('return_url', returnUrl)}
<button type="submit" class="pay" name="decision" value="sign">Sign</button>
<button type="submit" class="cancel" name="decision" value="cancel">Cancel</button>
</form>
</div>`,
    );
  });

  app.post(
    SANDBOX_ENDPOINTS.agreementConfirm,
    { schema: { body: SandboxAgreementForm, response: { 303: BackToApp, '4xx': GatewayPage } } },
    async (request, reply) => {
      const { return_url: returnUrl = '', external_agreement_no: externalAgreementNo = '', decision } = request.body;
      if (!allowedReturn(returnUrl)) return refuseReturn(reply);
      const signed = decision === 'sign';
      // As Alipay's sign notify would say it: signed, under a number of the gateway's.
      if (signed) await services.autopay.record({ state: 'active', externalAgreementNo, agreementNo: `SANDBOX${externalAgreementNo}` });
      else await services.autopay.notSigned(externalAgreementNo);
      request.log.info({ external_agreement_no: externalAgreementNo, signed }, 'sandbox agreement');
      return reply.header('Cache-Control', 'no-store').redirect(withResult(returnUrl, { result: signed ? 'signed' : 'cancelled' }), 303);
    },
  );
};
