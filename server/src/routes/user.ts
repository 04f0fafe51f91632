import { ENDPOINTS, type UserIndex } from '@instalment/shared/api';
import {
  validateAccount,
  validateBio,
  validateCode,
  validateNickname,
  validateOptionalEmail,
  validatePassword,
  validatePhone,
} from '@instalment/shared/validation';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  ChangeMobileRequest,
  ChangePasswordRequest,
  Consent,
  envelopeOf,
  LoginResult,
  NoData,
  PasswordLoginRequest,
  ProfileRequest,
  RegisterRequest,
  RemindersRequest,
  ResetPasswordRequest,
  SmsLoginRequest,
  UserIndex as UserIndexSchema,
} from '@instalment/shared/api/schemas';
import { userOf } from '../http/auth';
import { baseUrlOf } from '../http/base-url';
import { ok } from '../http/envelope';
import { check, fieldsOf, rawText, text } from '../http/input';
import { perAddress } from '../http/rate-limits';
import type { ApiInstance, RouteDeps } from './deps';
import { said } from '../http/say';
import { Refusal, say } from '../services/refusals';

export function userRoutes(app: ApiInstance, { services, auth, config, links }: RouteDeps): void {
  const { users, tokens, uploads } = services;
  // An uploaded avatar is stored as its path; an <img> cannot send the token, so it gets a signed link.
  const withAvatarLink = (request: FastifyRequest, index: UserIndex): UserIndex =>
    index.avatar.startsWith('/uploads/') ? { ...index, avatar: `${baseUrlOf(request, config)}${links.sign(index.avatar)}` } : index;
  const { registrationsPerAddress, loginsPerAddress, addressWindowSeconds } = config.limits;

  app.post(
    ENDPOINTS.register,
    {
      schema: { body: RegisterRequest, response: { 200: envelopeOf(LoginResult) } },
      ...perAddress(registrationsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const body = fieldsOf(request.body);
      const mobile = check(validatePhone, text(body, 'mobile'));
      const password = check(validatePassword, rawText(body, 'password'));
      const email = check(validateOptionalEmail, text(body, 'email'));
      const code = check(validateCode, text(body, 'code'));
      const username = text(body, 'username') || mobile;
      const agreements = { terms: text(body, 'terms_version') || undefined, privacy: text(body, 'privacy_version') || undefined };
      return ok(
        await users.register({ mobile, password, email, code, username, agreements, address: request.ip }),
        said(request, 'signedUp'),
      );
    },
  );

  app.post(
    ENDPOINTS.login,
    {
      schema: { body: PasswordLoginRequest, response: { 200: envelopeOf(LoginResult) } },
      ...perAddress(loginsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const body = fieldsOf(request.body);
      const account = check(validateAccount, text(body, 'account'));
      const password = rawText(body, 'password');
      if (password === '') throw new Refusal(say('enterPassword'));
      return ok(await users.login(account, password, request.ip), said(request, 'loggedIn'));
    },
  );

  app.post(
    ENDPOINTS.mobileLogin,
    {
      schema: { body: SmsLoginRequest, response: { 200: envelopeOf(LoginResult) } },
      ...perAddress(loginsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const body = fieldsOf(request.body);
      const mobile = check(validatePhone, text(body, 'mobile'));
      const captcha = check(validateCode, text(body, 'captcha'));
      return ok(await users.mobileLogin(mobile, captcha), said(request, 'loggedIn'));
    },
  );

  app.post(ENDPOINTS.logout, { schema: { response: { 200: envelopeOf(NoData) } }, onRequest: auth.required }, async (request) => {
    await tokens.revoke(request.token!);
    return ok(null, said(request, 'loggedOut'));
  });

  app.post(
    ENDPOINTS.resetPassword,
    {
      schema: { body: ResetPasswordRequest, response: { 200: envelopeOf(NoData) } },
      ...perAddress(loginsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const body = fieldsOf(request.body);
      const mobile = check(validatePhone, text(body, 'mobile'));
      const newPassword = check(validatePassword, rawText(body, 'newpassword'));
      const captcha = check(validateCode, text(body, 'captcha'));
      await users.resetPassword(mobile, captcha, newPassword);
      return ok(null, said(request, 'passwordResetDone'));
    },
  );

  app.post(
    ENDPOINTS.changePassword,
    {
      schema: { body: ChangePasswordRequest, response: { 200: envelopeOf(NoData) } },
      onRequest: auth.required,
      ...perAddress(loginsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const body = fieldsOf(request.body);
      const oldPassword = rawText(body, 'oldpassword');
      if (oldPassword === '') throw new Refusal(say('enterCurrentPassword'));
      const newPassword = check(validatePassword, rawText(body, 'newpassword'));
      if (newPassword === oldPassword) throw new Refusal(say('newPasswordSame'));
      await users.changePassword(userOf(request), request.token!, oldPassword, newPassword, request.ip);
      return ok(null, said(request, 'passwordChangedDone'));
    },
  );

  app.post(
    ENDPOINTS.changeMobile,
    {
      schema: { body: ChangeMobileRequest, response: { 200: envelopeOf(UserIndexSchema) } },
      onRequest: auth.required,
      ...perAddress(loginsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const body = fieldsOf(request.body);
      const mobile = check(validatePhone, text(body, 'mobile'));
      const captcha = check(validateCode, text(body, 'captcha'));
      return ok(withAvatarLink(request, await users.changeMobile(userOf(request), mobile, captcha)), said(request, 'phoneChangedDone'));
    },
  );

  app.post(
    ENDPOINTS.profile,
    { schema: { body: ProfileRequest, response: { 200: envelopeOf(UserIndexSchema) } }, onRequest: auth.required },
    async (request) => {
      const body = fieldsOf(request.body);
      const user = userOf(request);
      const avatarField = text(body, 'avatar');
      const avatar = avatarField === '' ? '' : await uploads.ownUpload(user.id, avatarField);
      if (avatar === null) throw new Refusal(say('chooseAvatar'));
      const profile = {
        nickname: check(validateNickname, text(body, 'nickname')),
        bio: check(validateBio, text(body, 'bio')),
        email: check(validateOptionalEmail, text(body, 'email')),
        avatar,
      };
      return ok(withAvatarLink(request, await users.updateProfile(user, profile)), said(request, 'profileSaved'));
    },
  );

  app.post(
    ENDPOINTS.reminders,
    { schema: { body: RemindersRequest, response: { 200: envelopeOf(UserIndexSchema) } }, onRequest: auth.required },
    async (request) => {
      const user = userOf(request);
      await services.reminders.setWanted(user.id, request.body.enabled);
      const updated = (await users.byId(user.id))!;
      return ok(withAvatarLink(request, users.index(updated)), said(request, request.body.enabled ? 'remindersOn' : 'remindersOff'));
    },
  );

  app.get(
    ENDPOINTS.consents,
    { schema: { response: { 200: envelopeOf(Type.Array(Consent)) } }, onRequest: auth.required },
    async (request) => ok(await users.consents(userOf(request).id)),
  );

  app.get(ENDPOINTS.userIndex, { schema: { response: { 200: envelopeOf(UserIndexSchema) } }, onRequest: auth.required }, async (request) =>
    ok(withAvatarLink(request, users.index(userOf(request)))),
  );
}
