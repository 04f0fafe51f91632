import { ENDPOINTS } from '@instalment/contract/api';
import { Autopay, AutopaySign, AutopaySignQuery, envelopeOf } from '@instalment/contract/api/schemas';
import { userOf } from '../http/auth';
import { baseUrlOf } from '../http/base-url';
import { ok } from '../http/envelope';
import { sentenceIn } from '../http/sentence';
import { appReturnUrl } from '../services/payments';
import type { RoutePlugin } from './deps';

/**
 * The borrower's automatic repayment: their withholding agreement, Alipay's signing page for it
 * (the terms' version recorded as they confirm), and ending it. The agreement is active only once
 * Alipay's sign notify (or a query) says so: routes/gateways.ts.
 */
export const autopayRoutes: RoutePlugin = async (app, { services, auth, config }) => {
  const { autopay } = services;

  app.get(ENDPOINTS.autopay, { schema: { response: { 200: envelopeOf(Autopay) } }, onRequest: auth.required }, async (request) =>
    ok(await autopay.view(userOf(request).id)),
  );

  app.post(
    ENDPOINTS.autopaySign,
    { schema: { querystring: AutopaySignQuery, response: { 200: envelopeOf(AutopaySign) } }, onRequest: auth.required },
    async (request) => {
      const returnUrl = appReturnUrl(config.appOrigins, request.query.return_url ?? '');
      const signUrl = await autopay.sign(userOf(request).id, returnUrl, baseUrlOf(request, config));
      return ok({ sign_url: signUrl }, sentenceIn(request, 'autopaySigning'));
    },
  );

  app.post(ENDPOINTS.autopayCancel, { schema: { response: { 200: envelopeOf(Autopay) } }, onRequest: auth.required }, async (request) => {
    const user = userOf(request);
    await autopay.cancel(user.id);
    return ok(await autopay.view(user.id), sentenceIn(request, 'autopayEnded'));
  });
};
