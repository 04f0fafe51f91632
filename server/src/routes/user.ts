import { ENDPOINTS } from '@instalment/shared/api';
import { validateAccount, validateCode, validateOptionalEmail, validatePassword, validatePhone } from '@instalment/shared/validation';
import type { FastifyInstance } from 'fastify';
import { userOf } from '../http/auth';
import { ok } from '../http/envelope';
import { Refusal } from '../http/errors';
import { check, fieldsOf, rawText, text } from '../http/input';
import { perAddress } from '../http/rate-limits';
import type { RouteDeps } from './deps';

export function userRoutes(app: FastifyInstance, { services, auth, config }: RouteDeps): void {
  const { users, tokens } = services;
  const { registrationsPerAddress, loginsPerAddress, addressWindowSeconds } = config.limits;

  app.post(ENDPOINTS.register, perAddress(registrationsPerAddress, addressWindowSeconds), async (request) => {
    const body = fieldsOf(request.body);
    const mobile = check(validatePhone, text(body, 'mobile'));
    const password = check(validatePassword, rawText(body, 'password'));
    const email = check(validateOptionalEmail, text(body, 'email'));
    const code = check(validateCode, text(body, 'code'));
    const username = text(body, 'username') || mobile;
    return ok(await users.register({ mobile, password, email, code, username }), 'Signed up successfully');
  });

  app.post(ENDPOINTS.login, perAddress(loginsPerAddress, addressWindowSeconds), async (request) => {
    const body = fieldsOf(request.body);
    const account = check(validateAccount, text(body, 'account'));
    const password = rawText(body, 'password');
    if (password === '') throw new Refusal('Enter your password.');
    return ok(await users.login(account, password, request.ip), 'Logged in successfully');
  });

  app.post(ENDPOINTS.mobileLogin, perAddress(loginsPerAddress, addressWindowSeconds), async (request) => {
    const body = fieldsOf(request.body);
    const mobile = check(validatePhone, text(body, 'mobile'));
    const captcha = check(validateCode, text(body, 'captcha'));
    return ok(users.mobileLogin(mobile, captcha), 'Logged in successfully');
  });

  app.post(ENDPOINTS.logout, { preHandler: auth.required }, async (request) => {
    tokens.revoke(request.token!);
    return ok(null, 'Logged out');
  });

  app.get(ENDPOINTS.userIndex, { preHandler: auth.required }, async (request) => ok(users.index(userOf(request))));
}
