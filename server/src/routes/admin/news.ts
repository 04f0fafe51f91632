import { ADMIN_ENDPOINTS } from '@instalment/shared/api';
import { ArticleState, envelopeOf, IdParams, Listing, NewsDraftRequest, StaffArticle, StatusQuery } from '@instalment/shared/api/schemas';
import type { ApiInstance } from '../deps';
import { look, windowOf, type ConsoleDeps } from './act';

/** News: drafts, publishing and taking down. */
export function consoleNewsRoutes(app: ApiInstance, { services: { news }, guarded, act }: ConsoleDeps): void {
  app.get(
    ADMIN_ENDPOINTS.newsList,
    { ...guarded, schema: { querystring: StatusQuery, response: { 200: envelopeOf(Listing(StaffArticle)) } } },
    act('news', 'news.list', false, async (request) => {
      const { limit, offset } = windowOf(request.query);
      return look('news', await news.staffList(limit, offset));
    }),
  );
  app.post(
    ADMIN_ENDPOINTS.news,
    { ...guarded, schema: { body: NewsDraftRequest, response: { 200: envelopeOf(ArticleState) } } },
    act('news', 'news.draft', true, (request, tx) => news.draft(tx, request.body)),
  );
  const status = { ...guarded, schema: { params: IdParams, response: { 200: envelopeOf(ArticleState) } } };
  app.post(
    ADMIN_ENDPOINTS.publishNews,
    status,
    act('news', 'news.publish', true, (request, tx) => news.setStatus(tx, request.params.id, 'published')),
  );
  app.post(
    ADMIN_ENDPOINTS.unpublishNews,
    status,
    act('news', 'news.unpublish', true, (request, tx) => news.setStatus(tx, request.params.id, 'unpublished')),
  );
}
