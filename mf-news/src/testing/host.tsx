import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { NewsDetail, NewsItem } from '@instalment/shared/api';
import { HostContext } from '@instalment/shared/host';
import { createHost, withQuery } from '@instalment/shared/harness';
import type { Locale } from '@instalment/shared/i18n';

/**
 * A real host (session, locale, HTTP client) on a base URL nothing answers, with the screen and
 * the navigation recorded; tests replace the news calls they need with jest.fn.
 */
export function createTestHost(locale: Locale = 'en') {
  window.localStorage.clear();
  const host = createHost({
    apiBaseURL: 'http://api.test.invalid',
    storage: window.localStorage,
    languages: [locale],
    ui: { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) },
    navigate: jest.fn(),
    back: jest.fn(),
    requireLogin: jest.fn(),
    finishLogin: jest.fn(),
    routeUrl: (path, query) => `#${withQuery(path, query)}`,
  });
  const news = {
    newsIndex: jest.fn<ReturnType<typeof host.api.news.newsIndex>, Parameters<typeof host.api.news.newsIndex>>(),
    newsDetail: jest.fn<ReturnType<typeof host.api.news.newsDetail>, Parameters<typeof host.api.news.newsDetail>>(),
    newsLatest: jest.fn<ReturnType<typeof host.api.news.newsLatest>, Parameters<typeof host.api.news.newsLatest>>(),
  };
  host.api.news = news;
  return Object.assign(host, { news });
}

export type TestHost = ReturnType<typeof createTestHost>;

export function renderWithHost(host: TestHost, ui: ReactElement) {
  return render(<HostContext.Provider value={host}>{ui}</HostContext.Provider>);
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
