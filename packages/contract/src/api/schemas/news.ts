import { Type } from '@sinclair/typebox';
import { DEFAULT_LATEST_NEWS, MAX_LATEST_NEWS } from '../endpoints';
import { Id, IsoDateTime, PageQuery, Paged, WholeNumber } from './common';

/** GET /api/news/index and /api/news/latest item. */
export const NewsItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String({ description: "Absolute URL of the cover image, or '' when there is none." }),
  published_at: IsoDateTime,
});

/** GET /api/news/detail. `content` is server HTML: clients sanitize it before rendering. */
export const NewsDetail = Type.Composite([NewsItem, Type.Object({ author: Type.String(), content: Type.String() })]);

export const NewsQuery = PageQuery;
export const NewsPage = Paged(NewsItem);
export const LatestNewsQuery = Type.Object({ limit: Type.Optional(WholeNumber(1, MAX_LATEST_NEWS, DEFAULT_LATEST_NEWS)) });
export const NewsDetailQuery = Type.Object({ id: Id });
