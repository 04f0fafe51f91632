import { ENDPOINTS } from '@instalment/contract/api';
import {
  envelopeOf,
  FileMissing,
  FORM_FIELD_MAX_BYTES,
  FileBytes,
  SignedLinkQuery,
  StoredFileParams,
  UploadAnswer,
  UploadForm,
  type FormFile,
} from '@instalment/contract/api/schemas';
import type { FastifyRequest } from 'fastify';
import { userOf } from '../http/auth';
import { baseUrlOf } from '../http/base-url';
import { ok } from '../http/envelope';
import { perAddress } from '../http/rate-limits';
import { MAX_FILE_BYTES, MIME_TYPES, type StoredFile } from '../services/uploads';
import type { RoutePlugin } from './deps';
import { sentenceIn } from '../http/sentence';
import { Refusal, sentenceOf } from '../services/refusals';

/** Multipart limits: one file of at most 10 MB and a few short fields. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_FILE_BYTES,
  files: 1,
  fields: 20,
  fieldSize: FORM_FIELD_MAX_BYTES,
  parts: 21,
  headerPairs: 100,
};

/**
 * Reads the whole multipart form into the body before the route's schema judges it (fields
 * may come before or after the file), so the handler takes one typed form like any route.
 */
export async function readForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) throw new Refusal(sentenceOf('notMultipart'));
  const form: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'file') throw new Refusal(sentenceOf('wrongFileField'));
        form.file = { data, filename: part.filename ?? '' } satisfies FormFile;
      } else {
        form[part.fieldname] = typeof part.value === 'string' ? part.value.trim() : '';
      }
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new Refusal(sentenceOf('fileTooLarge', { mb: MAX_FILE_BYTES / 1024 / 1024 }));
    if (code === 'FST_FILES_LIMIT') throw new Refusal(sentenceOf('oneFileAtATime'));
    throw new Refusal(sentenceOf('uploadUnreadable'));
  }
  request.body = form;
}

/** The file's bytes as the store takes them, without a copy. */
export const bytesOf = ({ data }: FormFile) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

const wholeNumberField = (value: string | undefined) => (value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : NaN);

export const uploadRoutes: RoutePlugin = async (app, { services, auth, config, links }) => {
  const { uploads } = services;
  const { uploadsPerAddress, addressWindowSeconds } = config.limits;

  /** FastAdmin's one upload endpoint: plain, chunk, merge (action=merge) and clean (method=clean). */
  app.post(
    ENDPOINTS.upload,
    {
      schema: { body: UploadForm, consumes: ['multipart/form-data'], response: { 200: envelopeOf(UploadAnswer) } },
      onRequest: auth.required,
      preValidation: readForm,
      ...perAddress(uploadsPerAddress, addressWindowSeconds),
    },
    async (request) => {
      const userId = userOf(request).id;
      const { file, ...fields } = request.body;
      // `url` is the file's name in later calls (a voucher's file_url); `fullurl` is for showing it.
      const withUrls = (stored: StoredFile) => ({ url: stored.url, fullurl: `${baseUrlOf(request, config)}${links.sign(stored.url)}` });
      const chunkid = fields.chunkid ?? '';

      if (fields.method === 'clean') {
        await uploads.clean(userId, chunkid);
        return ok(null, sentenceIn(request, 'chunksRemoved'));
      }
      if (fields.action === 'merge') {
        const count = fields.chunkcount === undefined || fields.chunkcount === '' ? null : wholeNumberField(fields.chunkcount);
        if (count !== null && Number.isNaN(count)) throw new Refusal(sentenceOf('chunkCountWhole'));
        return ok(withUrls(await uploads.merge(userId, chunkid, fields.filename ?? '', count)), sentenceIn(request, 'uploaded'));
      }
      if (!file) throw new Refusal(sentenceOf('chooseFile'));
      if (chunkid !== '') {
        const stored = await uploads.storeChunk(
          userId,
          {
            chunkid,
            chunkindex: wholeNumberField(fields.chunkindex),
            chunkcount: wholeNumberField(fields.chunkcount),
            filename: fields.filename ?? file.filename,
          },
          bytesOf(file),
        );
        return ok(stored, sentenceIn(request, 'chunkUploaded'));
      }
      return ok(withUrls(await uploads.storeFile(userId, bytesOf(file), file.filename)), sentenceIn(request, 'uploaded'));
    },
  );

  /**
   * The stored files, to their owner only: with the token, or through a signed link (an <img>
   * cannot send the token); a published article's cover to anyone. Anyone else gets the answer
   * of a missing file. Images show inline,
   * PDFs download, and nothing is ever sniffed into HTML.
   */
  app.get(
    '/uploads/:day/:name',
    { schema: { params: StoredFileParams, querystring: SignedLinkQuery, response: { 200: FileBytes, 404: FileMissing } } },
    async (request, reply) => {
      const url = `/uploads/${request.params.day}/${request.params.name}`;
      const { expires = '', signature = '' } = request.query;
      const owner = await uploads.ownerOf(url);
      // A published article's cover is every reader's, signed in or not; a draft's stays the editor's.
      const allowed =
        links.valid(url, expires, signature) ||
        (owner !== null && (await auth.identify(request))?.id === owner) ||
        (await services.news.coverShown(url));
      // Judged before the storage is asked: a stranger's guess costs no read of the bucket.
      const found = allowed ? await uploads.open(url) : null;
      if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const disposition = found.type === 'pdf' ? 'attachment' : 'inline';
      return reply
        .header('Content-Type', MIME_TYPES[found.type])
        .header('Content-Disposition', `${disposition}; filename="${request.params.name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Cache-Control', 'private, max-age=600')
        .send(found.bytes);
    },
  );
};
