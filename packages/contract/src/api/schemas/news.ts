import { Type } from '@sinclair/typebox';
import { DEFAULT_LATEST_NEWS, MAX_LATEST_NEWS } from '../../paging';
import { Id, IsoDateTime, PageQuery, Paged, WholeNumber } from './common';

/** A language an article is written in: one of the app's (`Locale`). */
export const ArticleLanguage = Type.Union([Type.Literal('en'), Type.Literal('zh-CN')]);

/** GET /api/news/index and /api/news/latest item. */
export const NewsItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String({ description: "Absolute URL of the cover image, or '' when there is none." }),
  published_at: IsoDateTime,
  language: Type.Union(ArticleLanguage.anyOf, {
    description:
      "The language of the title, summary and content: the reader's (Accept-Language), or the other when the article is not written in the reader's.",
  }),
});

/** GET /api/news/detail. `content` is server HTML: clients sanitize it before rendering. */
export const NewsDetail = Type.Composite([NewsItem, Type.Object({ author: Type.String(), content: Type.String() })]);

export const NewsQuery = PageQuery;
export const NewsPage = Paged(NewsItem);
export const LatestNewsQuery = Type.Object({ limit: Type.Optional(WholeNumber(1, MAX_LATEST_NEWS, DEFAULT_LATEST_NEWS)) });
export const NewsDetailQuery = Type.Object({ id: Id });
