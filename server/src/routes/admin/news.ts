import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import {
  ArticleState,
  ConsoleStatusQuery,
  envelopeOf,
  IdParams,
  Listing,
  NewsDraftRequest,
  StaffArticle,
} from '@instalment/contract/api/schemas';
import type { FastifyRequest } from 'fastify';
import type { ApiInstance } from '../deps';
import { consoleRoute, windowOf, type ConsoleDeps } from './act';

const articleOf = (request: FastifyRequest) => `news:${(request.params as { id: string }).id}`;

/** News: drafts, publishing and taking down. */
export function consoleNewsRoutes(app: ApiInstance, { services: { news }, look, change }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.newsList,
    {
      ...consoleRoute('news.list', 'news', () => 'news'),
      schema: { querystring: ConsoleStatusQuery, response: { 200: envelopeOf(Listing(StaffArticle)) } },
    },
    async (request) => {
      const { limit, offset } = windowOf(request.query);
      return look(request, await news.staffList(limit, offset));
    },
  );
  app.post(
    ADMIN_ENDPOINTS.news,
    {
      ...consoleRoute('news.draft', 'news', () => 'news'),
      schema: { body: NewsDraftRequest, response: { 200: envelopeOf(ArticleState) } },
    },
    (request) => change(request, (tx) => news.draft(tx, request.body)),
  );
  const status = { schema: { params: IdParams, response: { 200: envelopeOf(ArticleState) } } };
  app.post(ADMIN_ENDPOINTS.publishNews, { ...status, ...consoleRoute('news.publish', 'news', articleOf) }, (request) =>
    change(request, (tx) => news.setStatus(tx, request.params.id, 'published')),
  );
  app.post(ADMIN_ENDPOINTS.unpublishNews, { ...status, ...consoleRoute('news.unpublish', 'news', articleOf) }, (request) =>
    change(request, (tx) => news.setStatus(tx, request.params.id, 'unpublished')),
  );
}
