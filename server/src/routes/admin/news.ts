import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import {
  ArticleState,
  ConsoleStatusQuery,
  envelopeOf,
  IdParams,
  Listing,
  NewsCoverForm,
  NewsDraftRequest,
  ConsoleArticle,
  UploadedFile,
} from '@instalment/contract/api/schemas';
import type { FastifyRequest } from 'fastify';
import { baseUrlOf } from '../../http/base-url';
import { perAddress } from '../../http/rate-limits';
import { localeOf } from '../../http/sentence';
import { Refusal, sentenceOf } from '../../services/refusals';
import type { ApiInstance } from '../deps';
import { bytesOf, readForm } from '../upload';
import { consoleRoute, windowOf, type ConsoleDeps } from './act';

const articleOf = (request: FastifyRequest) => `news:${(request.params as { id: string }).id}`;

/** News: covers, drafts, publishing and taking down. */
export function consoleNewsRoutes(app: ApiInstance, { services: { news, uploads }, config, links, read, write }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.newsList,
    {
      ...consoleRoute('news.list', 'news', () => 'news'),
      schema: { querystring: ConsoleStatusQuery, response: { 200: envelopeOf(Listing(ConsoleArticle)) } },
    },
    async (request) => {
      const { limit, offset } = windowOf(request.query);
      return read(request, await news.consoleList(limit, offset, localeOf(request)));
    },
  );
  /** The image is stored first, then its path is filed in the audit: the draft that shows it names the same path. */
  app.post(
    ADMIN_ENDPOINTS.newsCover,
    {
      config: {
        ...consoleRoute('news.cover', 'news', () => 'news').config,
        ...perAddress(config.limits.uploadsPerAddress, config.limits.addressWindowSeconds).config,
      },
      schema: { body: NewsCoverForm, consumes: ['multipart/form-data'], response: { 200: envelopeOf(UploadedFile) } },
      preValidation: readForm,
    },
    async (request) => {
      const { file } = request.body;
      if (!file) throw new Refusal(sentenceOf('chooseFile'));
      const { url } = await uploads.storeCover(bytesOf(file), file.filename);
      // Signed: the console's <img> cannot send the operator's token, and a draft's cover is not public.
      const answer = { url, fullurl: `${baseUrlOf(request, config)}${links.sign(url)}` };
      return write(request, async () => ({ target: 'news', before: undefined, after: { cover: url }, answer }));
    },
  );
  app.post(
    ADMIN_ENDPOINTS.news,
    {
      ...consoleRoute('news.draft', 'news', () => 'news'),
      schema: { body: NewsDraftRequest, response: { 200: envelopeOf(ArticleState) } },
    },
    (request) => write(request, (tx) => news.draft(tx, request.body)),
  );
  const status = { schema: { params: IdParams, response: { 200: envelopeOf(ArticleState) } } };
  app.post(ADMIN_ENDPOINTS.publishNews, { ...status, ...consoleRoute('news.publish', 'news', articleOf) }, (request) =>
    write(request, (tx) => news.setStatus(tx, request.params.id, 'published')),
  );
  app.post(ADMIN_ENDPOINTS.unpublishNews, { ...status, ...consoleRoute('news.unpublish', 'news', articleOf) }, (request) =>
    write(request, (tx) => news.setStatus(tx, request.params.id, 'unpublished')),
  );
}
