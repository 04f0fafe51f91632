import type { ReactElement } from 'react';
import type { NewsDetail, NewsItem } from '@instalment/shared/api';
import type { Locale } from '@instalment/shared/i18n';
import { createTestHost as createSharedTestHost, renderWithHost as render } from '@instalment/shared/testing';

/** The shared test host with the news calls at hand; each fails until the test stubs it. */
export function createTestHost(locale: Locale = 'en') {
  const { host, api } = createSharedTestHost({ locale });
  return Object.assign(host, { news: api.news });
}

export type TestHost = ReturnType<typeof createTestHost>;

export function renderWithHost(host: TestHost, ui: ReactElement) {
  return render(host, ui);
}

export function newsItem(id: number, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id,
    title: `News ${id}`,
    summary: `Summary of news ${id}`,
    cover: `https://cdn.test/cover-${id}.png`,
    // Noon local time: the same calendar day whatever zone the tests run in.
    published_at: '2026-03-05T12:00:00',
    ...overrides,
  };
}

export function newsDetail(id: number, content: string, overrides: Partial<NewsDetail> = {}): NewsDetail {
  return { ...newsItem(id), author: 'Platform desk', content, ...overrides };
}
