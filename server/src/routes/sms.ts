import { ENDPOINTS, type SmsEvent } from '@instalment/shared/api';
import { validatePhone } from '@instalment/shared/validation';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { Refusal } from '../http/errors';
import { check, fieldsOf, text } from '../http/input';
import { perAddress } from '../http/rate-limits';
import { SMS_EVENTS } from '../services/sms';
import type { RouteDeps } from './deps';

export function smsRoutes(app: FastifyInstance, { services, config }: RouteDeps): void {
  const { smsSendsPerAddress, addressWindowSeconds } = config.limits;
  app.post(ENDPOINTS.smsSend, perAddress(smsSendsPerAddress, addressWindowSeconds), async (request) => {
    const body = fieldsOf(request.body);
    const mobile = check(validatePhone, text(body, 'mobile'));
    const event = text(body, 'event') as SmsEvent;
    if (!SMS_EVENTS.includes(event)) throw new Refusal(`event must be one of: ${SMS_EVENTS.join(', ')}.`);
    // Only registration needs to know the number is new; SMS login signs up unknown numbers.
    if (event === 'register' && services.users.byMobile(mobile)) {
      throw new Refusal('This phone number is already registered. Log in instead.');
    }
    await services.sms.send(mobile, event);
    return ok(null, 'The verification code has been sent.');
  });
}
