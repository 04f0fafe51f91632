import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import {
  EnrolmentBegun,
  EnrolmentCodeRequest,
  EnrolRequest,
  envelopeOf,
  NoData,
  OperatorIdentity,
  OperatorLoginRequest,
  OperatorPasswordRequest,
  OperatorSession,
} from '@instalment/contract/api/schemas';
import type { FastifyRequest } from 'fastify';
import { operatorOf } from '../../http/admin-auth';
import { ok } from '../../http/envelope';
import { perAddress } from '../../http/rate-limits';
import { sentenceIn } from '../../http/sentence';
import { operatorTarget } from '../../services/operator-target';
import { Refusal, sentenceOf } from '../../services/refusals';
import type { ApiInstance } from '../deps';
import type { ConsoleDeps } from './act';

/** The account a request is about: the one logging in, or the one whose token it carries. */
const accountOf = (request: FastifyRequest) =>
  operatorTarget(String((request.body as { username?: unknown } | undefined)?.username ?? request.operator?.username ?? ''));

/**
 * Logging in (password and TOTP code, with the borrowers' limits), out, who the token is, an
 * operator's own enrolment (with the one-time code an admin gave them) and their own password.
 */
export function consoleAuthRoutes(app: ApiInstance, { services: { operators }, config }: ConsoleDeps): void {
  const { loginsPerAddress, addressWindowSeconds } = config.limits;
  app.post(
    ADMIN_ENDPOINTS.login,
    {
      schema: { body: OperatorLoginRequest, response: { 200: envelopeOf(OperatorSession) } },
      config: {
        ...perAddress(loginsPerAddress, addressWindowSeconds).config,
        consoleRoute: { action: 'auth.login', permission: null, target: accountOf, public: true },
      },
    },
    async (request) => {
      const { username, password, totp } = request.body;
      const session = await operators.login(username, password, totp, request.ip);
      // The audit files the login under the account it opened.
      request.operator = await operators.authenticate(session.token);
      request.audit.after = { roles: session.roles };
      return ok(session, sentenceIn(request, 'loggedIn'));
    },
  );

  /**
   * The operator a request's enrolment code is for, who the audit files it under. A code that
   * enrols no one is nobody's act: the address limit counts it and the audit does not file it,
   * so a stranger cannot grow the audit log with guesses.
   */
  const enrolleeOf = async (request: FastifyRequest, code: string) => {
    const enrollee = await operators.enrollee(code);
    if (!enrollee) {
      request.audit.recorded = true;
      throw new Refusal(sentenceOf('enrolmentCodeWrong'));
    }
    request.operator = enrollee;
    request.audit.target = operatorTarget(enrollee.username);
  };
  const enrolment = (action: string) => ({
    ...perAddress(loginsPerAddress, addressWindowSeconds).config,
    consoleRoute: { action, permission: null, public: true as const },
  });
  app.post(
    ADMIN_ENDPOINTS.enrolment,
    { schema: { body: EnrolmentCodeRequest, response: { 200: envelopeOf(EnrolmentBegun) } }, config: enrolment('auth.enrolment') },
    async (request) => {
      await enrolleeOf(request, request.body.code);
      const begun = await operators.beginEnrolment(request.body.code);
      // The secret goes to the code's holder alone: the audit says only that one was shown.
      request.audit.after = { authenticator_shown: true };
      return ok(begun);
    },
  );
  app.post(
    ADMIN_ENDPOINTS.enrol,
    { schema: { body: EnrolRequest, response: { 200: envelopeOf(NoData) } }, config: enrolment('auth.enrol') },
    async (request) => {
      await enrolleeOf(request, request.body.code);
      const { code, password, totp } = request.body;
      await operators.enrol(code, password, totp);
      request.audit.after = { enrolled: true };
      return ok(null, sentenceIn(request, 'operatorEnrolled'));
    },
  );

  app.post(
    ADMIN_ENDPOINTS.operatorPassword,
    {
      schema: { body: OperatorPasswordRequest, response: { 200: envelopeOf(NoData) } },
      config: { consoleRoute: { action: 'auth.password', permission: null, target: accountOf } },
    },
    async (request) => {
      await operators.changePassword(operatorOf(request), request.operatorToken!, request.ip, request.body);
      request.audit.after = { password_changed: true, other_sessions_ended: true };
      return ok(null, sentenceIn(request, 'operatorPasswordChanged'));
    },
  );

  app.post(
    ADMIN_ENDPOINTS.logout,
    {
      schema: { response: { 200: envelopeOf(NoData) } },
      config: { consoleRoute: { action: 'auth.logout', permission: null, target: accountOf } },
    },
    async (request) => {
      await operators.logout(request.operatorToken!);
      return ok(null, sentenceIn(request, 'loggedOut'));
    },
  );

  app.get(
    ADMIN_ENDPOINTS.me,
    {
      schema: { response: { 200: envelopeOf(OperatorIdentity) } },
      config: { consoleRoute: { action: 'auth.me', permission: null, target: accountOf } },
    },
    async (request) => {
      const { username, roles } = operatorOf(request);
      return ok({ username, roles, business_timezone: config.businessTimezone });
    },
  );
}
