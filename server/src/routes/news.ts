import { ENDPOINTS } from '@instalment/contract/api';
import { envelopeOf, LatestNewsQuery, NewsDetail, NewsDetailQuery, NewsItem, NewsPage, NewsQuery } from '@instalment/contract/api/schemas';
import { Type } from '@sinclair/typebox';
import { baseUrlOf } from '../http/base-url';
import { ok } from '../http/envelope';
import { pageOf } from '../http/input';
import { localeOf } from '../http/sentence';
import type { RoutePlugin } from './deps';

export const newsRoutes: RoutePlugin = async (app, { services, config }) => {
  app.get(ENDPOINTS.newsIndex, { schema: { querystring: NewsQuery, response: { 200: envelopeOf(NewsPage) } } }, async (request) =>
    ok(await services.news.page(pageOf(request.query), baseUrlOf(request, config), localeOf(request))),
  );

  app.get(
    ENDPOINTS.newsLatest,
    { schema: { querystring: LatestNewsQuery, response: { 200: envelopeOf(Type.Array(NewsItem)) } } },
    async (request) => {
      const limit = request.query.limit!;
      return ok(await services.news.latest(limit, baseUrlOf(request, config), localeOf(request)));
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
