import { ENDPOINTS, type SmsEvent } from '@instalment/contract/api';
import { validatePhone } from '@instalment/contract/validation';
import { envelopeOf, NoData, SmsSendRequest } from '@instalment/contract/api/schemas';
import { BORROWER_SOMETIMES, userOf } from '../http/auth';
import { ok } from '../http/envelope';
import { check } from '../http/input';
import { perAddress } from '../http/rate-limits';
import { SMS_EVENTS } from '../services/sms';
import { isClosed } from '../services/users';
import type { RoutePlugin } from './deps';
import { sentenceIn } from '../http/sentence';
import { Refusal, sentenceOf } from '../services/refusals';

export const smsRoutes: RoutePlugin = async (app, { services, config, auth }) => {
  const { smsSendsPerAddress, addressWindowSeconds } = config.limits;
  app.post(
    ENDPOINTS.smsSend,
    {
      // A code for a new phone (changemobile) or to close an account (closeaccount) is for the signed-in owner only.
      schema: { body: SmsSendRequest, response: { 200: envelopeOf(NoData) }, security: BORROWER_SOMETIMES },
      ...perAddress(smsSendsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const mobile = check(validatePhone, request.body.mobile.trim());
      const event = request.body.event.trim() as SmsEvent;
      if (!SMS_EVENTS.includes(event)) throw new Refusal(sentenceOf('smsEvent', { events: SMS_EVENTS.join(', ') }));
      const holder = await services.users.byMobile(mobile);
      const registered = holder !== null;
      // A closed account's phone is answered as a new one (isClosed): its codes are never delivered.
      const closed = holder !== null && isClosed(holder);
      // Only registration needs to know the number is new; SMS login signs up unknown numbers.
      if (event === 'register' && registered && !closed) throw new Refusal(sentenceOf('phoneRegisteredLogIn'));
      // Closing an account is proven by its own phone, asked for by its signed-in owner.
      if (event === 'closeaccount') {
        await auth.required(request);
        if (userOf(request).mobile !== mobile) throw new Refusal(sentenceOf('closeCodeOwnPhone'));
      }
      // A new phone for an account: only its signed-in owner may ask, so no anonymous caller can
      // learn which numbers are registered from the refusal.
      if (event === 'changemobile') {
        await auth.required(request);
        if (registered) throw new Refusal(sentenceOf('phoneTaken'));
      }
      // Anyone may ask for a reset code, so the answer is the same for every phone: an unknown
      // phone's code is counted like any other but never sent.
      await services.sms.send(mobile, event, !closed && (event !== 'resetpwd' || registered));
      return ok(null, sentenceIn(request, 'codeSent'));
    },
  );
};
