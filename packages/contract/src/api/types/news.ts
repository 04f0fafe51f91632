import type { Static } from '@sinclair/typebox';
import type * as schema from '../schemas/news';

/** GET /api/news/index and /api/news/latest item (the schemas in `schemas/news.ts` are the source). */
export type NewsItem = Static<typeof schema.NewsItem>;

/** GET /api/news/detail. `content` is server HTML: clients sanitize it before rendering. */
export type NewsDetail = Static<typeof schema.NewsDetail>;

export type NewsQuery = Static<typeof schema.NewsQuery>;
export type NewsPage = Static<typeof schema.NewsPage>;
export type LatestNewsQuery = Static<typeof schema.LatestNewsQuery>;
export type NewsDetailQuery = Static<typeof schema.NewsDetailQuery>;
