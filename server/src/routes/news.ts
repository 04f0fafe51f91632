import { DEFAULT_LATEST_NEWS, ENDPOINTS } from '@instalment/shared/api';
import type { FastifyInstance } from 'fastify';
import { baseUrlOf } from '../http/base-url';
import { ok } from '../http/envelope';
import { fieldsOf, pageOf, wholeNumber } from '../http/input';
import { MAX_LATEST } from '../services/news';
import type { RouteDeps } from './deps';

export function newsRoutes(app: FastifyInstance, { services, config }: RouteDeps): void {
  app.get(ENDPOINTS.newsIndex, async (request) => ok(await services.news.page(pageOf(request.query), baseUrlOf(request, config))));

  app.get(ENDPOINTS.newsLatest, async (request) => {
    const limit = wholeNumber(fieldsOf(request.query), 'limit', DEFAULT_LATEST_NEWS, 1, MAX_LATEST);
    return ok(await services.news.latest(limit, baseUrlOf(request, config)));
  });

  app.get(ENDPOINTS.newsDetail, async (request) => {
    const id = wholeNumber(fieldsOf(request.query), 'id', null, 1, 1_000_000_000);
    return ok(await services.news.detail(id, baseUrlOf(request, config)));
  });
}
