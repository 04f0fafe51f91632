import { DEV_ENDPOINTS } from '@instalment/shared/api';
import { validatePhone } from '@instalment/shared/validation';
import { ok } from '../http/envelope';
import { check, fieldsOf, text, wholeNumber } from '../http/input';
import type { ApiInstance, RouteDeps } from './deps';
import { said } from '../http/say';
import { Refusal, say } from '../services/refusals';

/**
 * Development-only helpers (registered only with DEV_ROUTES=1, never in production), so that a browser or
 * a test can finish flows that otherwise need a phone, a reviewer or a month of waiting.
 */
export function devRoutes(app: ApiInstance, { services }: RouteDeps): void {
  /** The SMS messages "sent" by the development provider, newest first; ?mobile= filters. */
  app.get(DEV_ENDPOINTS.smsOutbox, async (request) => {
    if (!services.outbox) throw new Refusal(say('noOutbox'));
    const mobile = text(fieldsOf(request.query), 'mobile');
    return ok(await services.outbox.list(mobile === '' ? null : check(validatePhone, mobile)));
  });

  const userByMobile = async (body: unknown) => {
    const user = await services.users.byMobile(check(validatePhone, text(fieldsOf(body), 'mobile')));
    if (!user) throw new Refusal(say('noUserWithPhone'));
    return user;
  };

  /** { mobile }: every token of that user expires now, as if the session had run out on the server. */
  app.post(DEV_ENDPOINTS.expireTokens, async (request) => {
    const expired = await services.tokens.expireAllOf((await userByMobile(request.body)).id);
    return ok({ expired }, said(request, 'tokensExpired'));
  });

  /** { order_no, decision: 'approve' | 'reject' }: the reviewer's decision, for APPROVAL_MODE=manual. */
  app.post(DEV_ENDPOINTS.reviewLoan, async (request) => {
    const body = fieldsOf(request.body);
    const decision = text(body, 'decision');
    if (decision !== 'approve' && decision !== 'reject') throw new Refusal(say('decisionShape'));
    return ok({ status: await services.loans.review(text(body, 'order_no'), decision) });
  });

  /** { voucher_id, decision: 'approve' | 'reject' }: the reviewer's decision on a payment proof. */
  app.post(DEV_ENDPOINTS.reviewVoucher, async (request) => {
    const body = fieldsOf(request.body);
    const decision = text(body, 'decision');
    if (decision !== 'approve' && decision !== 'reject') throw new Refusal(say('decisionShape'));
    return ok({ status: await services.vouchers.review(wholeNumber(body, 'voucher_id', null, 1, 1_000_000_000), decision) });
  });

  /** { order_no, days }: moves the loan's dates that many days into the past, so instalments fall overdue. */
  app.post(DEV_ENDPOINTS.ageLoan, async (request) => {
    const body = fieldsOf(request.body);
    await services.loans.age(text(body, 'order_no'), wholeNumber(body, 'days', null, 1, 3650));
    return ok(null, said(request, 'loanAged'));
  });
}
