import { ENDPOINTS, type UserIndex } from '@instalment/contract/api';
import {
  validateAccount,
  validateBio,
  validateCode,
  validateNickname,
  validateOptionalEmail,
  validatePassword,
  validatePhone,
} from '@instalment/contract/validation';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  ChangeMobileRequest,
  ChangePasswordRequest,
  Consent,
  ConsentRequest,
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
} from '@instalment/contract/api/schemas';
import { userOf } from '../http/auth';
import { baseUrlOf } from '../http/base-url';
import { ok } from '../http/envelope';
import { check } from '../http/input';
import { perAddress } from '../http/rate-limits';
import type { RoutePlugin } from './deps';
import { sentenceIn } from '../http/sentence';
import { agreedIn } from '../services/consents';
import { Refusal, sentenceOf } from '../services/refusals';

export const userRoutes: RoutePlugin = async (app, { services, auth, config, links }) => {
  const { users, tokens, uploads, consents } = services;
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
      const body = request.body;
      const mobile = check(validatePhone, body.mobile.trim());
      const password = check(validatePassword, body.password);
      const email = check(validateOptionalEmail, body.email?.trim() ?? '');
      const code = check(validateCode, body.code.trim());
      const username = body.username?.trim() || mobile;
      const agreements = agreedIn(body);
      return ok(
        await users.register({ mobile, password, email, code, username, agreements, address: request.ip }),
        sentenceIn(request, 'signedUp'),
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
      const account = check(validateAccount, request.body.account.trim());
      const password = request.body.password;
      if (password === '') throw new Refusal(sentenceOf('enterPassword'));
      return ok(await users.login(account, password, request.ip), sentenceIn(request, 'loggedIn'));
    },
  );

  app.post(
    ENDPOINTS.mobileLogin,
    {
      schema: { body: SmsLoginRequest, response: { 200: envelopeOf(LoginResult) } },
      ...perAddress(loginsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const mobile = check(validatePhone, request.body.mobile.trim());
      const captcha = check(validateCode, request.body.captcha.trim());
      return ok(await users.mobileLogin(mobile, captcha, agreedIn(request.body), request.ip), sentenceIn(request, 'loggedIn'));
    },
  );

  app.post(ENDPOINTS.logout, { schema: { response: { 200: envelopeOf(NoData) } }, onRequest: auth.required }, async (request) => {
    await tokens.revoke(request.token!);
    return ok(null, sentenceIn(request, 'loggedOut'));
  });

  app.post(
    ENDPOINTS.resetPassword,
    {
      schema: { body: ResetPasswordRequest, response: { 200: envelopeOf(NoData) } },
      ...perAddress(loginsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const mobile = check(validatePhone, request.body.mobile.trim());
      const newPassword = check(validatePassword, request.body.newpassword);
      const captcha = check(validateCode, request.body.captcha.trim());
      await users.resetPassword(mobile, captcha, newPassword);
      return ok(null, sentenceIn(request, 'passwordResetDone'));
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
      const oldPassword = request.body.oldpassword;
      if (oldPassword === '') throw new Refusal(sentenceOf('enterCurrentPassword'));
      const newPassword = check(validatePassword, request.body.newpassword);
      if (newPassword === oldPassword) throw new Refusal(sentenceOf('newPasswordSame'));
      await users.changePassword(userOf(request), request.token!, oldPassword, newPassword, request.ip);
      return ok(null, sentenceIn(request, 'passwordChangedDone'));
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
      const mobile = check(validatePhone, request.body.mobile.trim());
      const captcha = check(validateCode, request.body.captcha.trim());
      return ok(
        withAvatarLink(request, await users.changeMobile(userOf(request), mobile, captcha)),
        sentenceIn(request, 'phoneChangedDone'),
      );
    },
  );

  app.post(
    ENDPOINTS.profile,
    { schema: { body: ProfileRequest, response: { 200: envelopeOf(UserIndexSchema) } }, onRequest: auth.required },
    async (request) => {
      const body = request.body;
      const user = userOf(request);
      const avatarField = body.avatar.trim();
      const avatar = avatarField === '' ? '' : await uploads.ownUpload(user.id, avatarField);
      if (avatar === null) throw new Refusal(sentenceOf('chooseAvatar'));
      const profile = {
        nickname: check(validateNickname, body.nickname.trim()),
        bio: check(validateBio, body.bio.trim()),
        email: check(validateOptionalEmail, body.email.trim()),
        avatar,
      };
      return ok(withAvatarLink(request, await users.updateProfile(user, profile)), sentenceIn(request, 'profileSaved'));
    },
  );

  app.post(
    ENDPOINTS.reminders,
    { schema: { body: RemindersRequest, response: { 200: envelopeOf(UserIndexSchema) } }, onRequest: auth.required },
    async (request) => {
      const user = userOf(request);
      await services.reminders.setWanted(user.id, request.body.enabled);
      const updated = (await users.byId(user.id))!;
      return ok(withAvatarLink(request, users.index(updated)), sentenceIn(request, request.body.enabled ? 'remindersOn' : 'remindersOff'));
    },
  );

  app.get(
    ENDPOINTS.consents,
    { schema: { response: { 200: envelopeOf(Type.Array(Consent)) } }, onRequest: auth.required },
    async (request) => ok(await consents.of(userOf(request).id)),
  );

  app.post(
    ENDPOINTS.consents,
    { schema: { body: ConsentRequest, response: { 200: envelopeOf(Type.Array(Consent)) } }, onRequest: auth.required },
    async (request) =>
      ok(await consents.agree(userOf(request).id, agreedIn(request.body), request.ip), sentenceIn(request, 'agreementRecorded')),
  );

  app.get(ENDPOINTS.userIndex, { schema: { response: { 200: envelopeOf(UserIndexSchema) } }, onRequest: auth.required }, async (request) =>
    ok(withAvatarLink(request, users.index(userOf(request)))),
  );
};
