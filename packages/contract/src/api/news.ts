import type { CallOptions, HttpClient } from './transport';
import { DEFAULT_LATEST_NEWS, DEFAULT_PAGE_SIZE, ENDPOINTS } from './endpoints';
import type { LatestNewsQuery, NewsDetail, NewsItem, NewsPage, NewsQuery } from './types/news';

export const newsIndex = (http: HttpClient, query: NewsQuery = {}, options?: CallOptions) =>
  http.get<NewsPage>(ENDPOINTS.newsIndex, { page: query.page ?? 1, limit: query.limit ?? DEFAULT_PAGE_SIZE }, options);

export const newsDetail = (http: HttpClient, query: { id: number | string }, options?: CallOptions) =>
  http.get<NewsDetail>(ENDPOINTS.newsDetail, query, options);

export const newsLatest = (http: HttpClient, query: LatestNewsQuery = {}, options?: CallOptions) =>
  http.get<NewsItem[]>(ENDPOINTS.newsLatest, { limit: query.limit ?? DEFAULT_LATEST_NEWS }, options);
