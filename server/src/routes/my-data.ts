import { adminPath, ENDPOINTS } from '@instalment/contract/api';
import {
  AccountClosure,
  CloseAccountRequest,
  DataArchive,
  DataArchiveParams,
  DataExportLink,
  envelopeOf,
  FileMissing,
  NoData,
  SignedLinkQuery,
} from '@instalment/contract/api/schemas';
import { validateCode } from '@instalment/contract/validation';
import { userOf } from '../http/auth';
import { baseUrlOf } from '../http/base-url';
import { ok } from '../http/envelope';
import { check } from '../http/input';
import { perAddress } from '../http/rate-limits';
import { sentenceIn } from '../http/sentence';
import type { RoutePlugin } from './deps';

/**
 * How long a link to a borrower's archive lasts (FileLinks gives one to two of these): the app
 * follows it at once, and it opens the whole record without the token.
 */
export const EXPORT_LINK_SECONDS = 60;

const archivePath = (userId: number) => adminPath(ENDPOINTS.dataExportFile, { user: userId });

/** "My data": the borrower's archive, and closing the account. */
export const myDataRoutes: RoutePlugin = async (app, { services, auth, config, exportLinks }) => {
  const { uploadsPerAddress, loginsPerAddress, addressWindowSeconds } = config.limits;
  // Reading every receipt back from the storage costs what uploading them did: the uploads' limit.
  const heavy = perAddress(uploadsPerAddress, addressWindowSeconds);

  // The browser saves a download from a link, and a link cannot send the token: the app asks for
  // one signed for this borrower, and follows it.
  app.post(
    ENDPOINTS.dataExport,
    { schema: { response: { 200: envelopeOf(DataExportLink) } }, onRequest: auth.required, ...heavy },
    async (request) => {
      const url = `${baseUrlOf(request, config)}${exportLinks.sign(archivePath(userOf(request).id))}`;
      return ok({ url, expires_in: exportLinks.secondsLeft() });
    },
  );

  app.get(
    ENDPOINTS.dataExportFile,
    { schema: { params: DataArchiveParams, querystring: SignedLinkQuery, response: { 200: DataArchive, 404: FileMissing } }, ...heavy },
    async (request, reply) => {
      const userId = Number(request.params.user);
      const { expires = '', signature = '' } = request.query;
      const user = exportLinks.valid(archivePath(userId), expires, signature) ? await services.users.byId(userId) : null;
      if (!user || user.closed_at !== null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const archive = await services.dataExport.archive(user, request.ip);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${archive.fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(archive.bytes);
    },
  );

  app.get(
    ENDPOINTS.closeAccount,
    { schema: { response: { 200: envelopeOf(AccountClosure) } }, onRequest: auth.required },
    async (request) => ok(await services.closing.closure(userOf(request).id)),
  );

  app.post(
    ENDPOINTS.closeAccount,
    {
      schema: { body: CloseAccountRequest, response: { 200: envelopeOf(NoData) } },
      onRequest: auth.required,
      ...perAddress(loginsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const captcha = check(validateCode, request.body.captcha.trim());
      await services.closing.close(userOf(request), captcha, request.ip);
      return ok(null, sentenceIn(request, 'accountClosedDone'));
    },
  );
};
