import type { IsoDateTime, PageQuery, Paged } from './common';

/** GET /api/news/index and /api/news/latest item. */
export interface NewsItem {
  id: number;
  title: string;
  summary: string;
  /** Absolute URL of the cover image, or '' when there is none. */
  cover: string;
  published_at: IsoDateTime;
}

/** GET /api/news/detail. `content` is server HTML: clients sanitize it before rendering. */
export interface NewsDetail extends NewsItem {
  author: string;
  content: string;
}

export type NewsQuery = PageQuery;
export type NewsPage = Paged<NewsItem>;

export interface LatestNewsQuery {
  limit?: number;
}
