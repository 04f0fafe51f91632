import { ENDPOINTS } from '@instalment/contract/api';
import { envelopeOf, LatestNewsQuery, NewsDetail, NewsDetailQuery, NewsItem, NewsPage, NewsQuery } from '@instalment/contract/api/schemas';
import { Type } from '@sinclair/typebox';
import { baseUrlOf } from '../http/base-url';
import { keptAnswers, ok } from '../http/envelope';
import { pageOf } from '../http/input';
import { localeOf } from '../http/sentence';
import type { RoutePlugin } from './deps';

export const newsRoutes: RoutePlugin = async (app, { services, config }) => {
  const sendPage = keptAnswers(NewsPage);
  app.get(ENDPOINTS.newsIndex, { schema: { querystring: NewsQuery, response: { 200: envelopeOf(NewsPage) } } }, async (request, reply) =>
    sendPage(reply, await services.news.page(pageOf(request.query), baseUrlOf(request, config), localeOf(request))),
  );

  const Latest = Type.Array(NewsItem);
  const sendLatest = keptAnswers(Latest);
  app.get(
    ENDPOINTS.newsLatest,
    { schema: { querystring: LatestNewsQuery, response: { 200: envelopeOf(Latest) } } },
    async (request, reply) => {
      const limit = request.query.limit!;
      return sendLatest(reply, await services.news.latest(limit, baseUrlOf(request, config), localeOf(request)));
    },
  );

  app.get(
    ENDPOINTS.newsDetail,
    { schema: { querystring: NewsDetailQuery, response: { 200: envelopeOf(NewsDetail) } } },
    async (request) => {
      const { id } = request.query;
      return ok(await services.news.detail(id, baseUrlOf(request, config), localeOf(request)));
    },
  );
};
