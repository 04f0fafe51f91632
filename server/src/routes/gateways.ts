import { GATEWAY_ENDPOINTS } from '@instalment/contract/api';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { AlipayGateway } from '../providers/alipay';
import type { RoutePlugin } from './deps';

/** Alipay reads exactly `success` as "handled, stop retrying"; anything else is retried for a day. */
const answer = (reply: FastifyReply, handled: boolean) => reply.type('text/plain; charset=utf-8').send(handled ? 'success' : 'fail');

/** The notify's answer, as Alipay reads it. */
const NotifyAnswer = Type.Union([Type.Literal('success'), Type.Literal('fail')], { description: 'Whether the notify was handled.' });

/** A form's fields as strings (a repeated field is not Alipay's, and fails the signature). */
function formOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Where gateways call back. Alipay's notify is believed only when its signature verifies with
 * Alipay's key, it is for this app, it names a payment of ours and says its amount; then the
 * money settles through the ledger, once however often it is told.
 */
export const gatewayRoutes: RoutePlugin = async (app, { services }) => {
  const { payments } = services;
  const gateway = payments.gateway;
  if (!(gateway instanceof AlipayGateway)) return;

  app.post(
    GATEWAY_ENDPOINTS.alipayNotify,
    { schema: { produces: ['text/plain'], response: { 200: NotifyAnswer } } },
    async (request, reply) => {
      const fields = formOf(request.body);
      const trade = gateway.verifiedNotify(fields);
      const refuse = (why: string) => {
        request.log.warn(
          { out_trade_no: fields.out_trade_no ?? null, trade_status: fields.trade_status ?? null, why },
          'Alipay notify refused',
        );
        app.metrics.notifies.inc({ gateway: 'alipay', answer: 'fail' });
        return answer(reply, false);
      };
      if (!trade) return refuse('signature or app_id');
      const payment = await payments.byNumber(trade.paymentNo);
      if (!payment) return refuse('unknown out_trade_no');
      if (payment.amount_fen !== trade.amountFen) return refuse('total_amount differs from the payment');
      const outcome = await payments.arrived(trade, 'alipay', payment);
      request.log.info({ payment_no: trade.paymentNo, trade_no: trade.tradeNo, outcome }, 'Alipay notify');
      app.metrics.notifies.inc({ gateway: 'alipay', answer: 'success' });
      return answer(reply, true);
    },
  );

  /**
   * Alipay's agreement notifies (`dut_user_sign`, `dut_user_unsign`), believed on the same terms
   * as the payment notify; one that would undo what was recorded since (an old sign notify after
   * the agreement ended) is refused.
   */
  app.post(
    GATEWAY_ENDPOINTS.alipayAgreementNotify,
    { schema: { produces: ['text/plain'], response: { 200: NotifyAnswer } } },
    async (request, reply) => {
      const fields = formOf(request.body);
      const agreement = gateway.agreements.verifiedNotify(fields);
      const recorded = agreement !== null && (await services.autopay.record(agreement));
      const log = { external_agreement_no: fields.external_agreement_no ?? null, notify_type: fields.notify_type ?? null };
      if (recorded) request.log.info({ ...log, state: agreement.state }, 'Alipay agreement notify');
      else
        request.log.warn(
          { ...log, why: agreement ? 'not ours, or undoes what was recorded' : 'signature or app_id' },
          'Alipay agreement notify refused',
        );
      app.metrics.notifies.inc({ gateway: 'alipay', answer: recorded ? 'success' : 'fail' });
      return answer(reply, recorded);
    },
  );
};
