import type { NewsDetail, NewsItem } from '@instalment/contract/api';

export function newsItem(id: number, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id,
    title: `News ${id}`,
    summary: `Summary of news ${id}`,
    cover: `https://cdn.test/cover-${id}.png`,
    // Noon local time: the same calendar day whatever zone the tests run in.
    published_at: '2026-03-05T12:00:00',
    language: 'en',
    ...overrides,
  };
}

export function newsDetail(id: number, content: string, overrides: Partial<NewsDetail> = {}): NewsDetail {
  return { ...newsItem(id), author: 'Platform desk', content, ...overrides };
}
