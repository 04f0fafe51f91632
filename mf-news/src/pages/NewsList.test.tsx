import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsItem, NewsPage } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { type ApiMock, createTestHost, renderWithHost } from '@instalment/testing/host';
import { newsItem } from '../testing/fixtures';
import { listMemory } from './listMemory';
import NewsList from './NewsList';

const page = (list: NewsItem[], page: number, total: number): NewsPage => ({ list, page, total, limit: 10 });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => newsItem(from + index));
const titles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

/** 12 articles: a full first page and a second page of 2. */
function serveTwelve(api: ApiMock) {
  api.news.newsIndex.mockImplementation(async (query = {}) => (query.page === 1 ? page(range(1, 10), 1, 12) : page(range(11, 12), 2, 12)));
}

describe('NewsList', () => {
  // The list remembers where the reader was for the life of the tab; each test starts afresh.
  beforeEach(() => listMemory.forget());

  it('coming back from an article shows the same loaded pages at the same scroll position, without asking again', async () => {
    const { host, api } = createTestHost();
    serveTwelve(api);
    const first = renderWithHost(host, <NewsList query={{}} />);
    await screen.findByText('News 10');
    await userEvent.click(screen.getByRole('button', { name: 'load more' }));
    await screen.findByText('News 12');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1_840 });
    fireEvent.scroll(window);
    first.unmount();

    api.news.newsIndex.mockClear();
    const scrollTo = jest.spyOn(window, 'scrollTo');
    renderWithHost(host, <NewsList query={{}} />);
    expect(titles()).toEqual(range(1, 12).map((item) => item.title));
    expect(scrollTo).toHaveBeenCalledWith(0, 1_840);
    expect(api.news.newsIndex).not.toHaveBeenCalled();
    scrollTo.mockRestore();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('shows each item with its cover, title, summary and date, and opens the article', async () => {
    const { host, api } = createTestHost();
    api.news.newsIndex.mockResolvedValue(page([newsItem(1), newsItem(2, { cover: '' })], 1, 2));
    const { container } = renderWithHost(host, <NewsList query={{}} />);

    const link = await screen.findByRole('link', { name: /News 1/ });
    expect(api.news.newsIndex).toHaveBeenCalledWith({ page: 1, limit: 10 }, expect.objectContaining({ loading: false }));
    expect(within(link).getByRole('heading', { name: 'News 1' })).toBeInTheDocument();
    expect(within(link).getByText('Summary of news 1')).toBeInTheDocument();
    expect(within(link).getByText('Mar 5, 2026')).toHaveAttribute('datetime', '2026-03-05T12:00:00');
    const images = container.querySelectorAll('img');
    // The item without a cover keeps its placeholder box and no <img> that would show as broken.
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'https://cdn.test/cover-1.png');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('alt', '');

    expect(link).toHaveAttribute('href', 'http://app.test/#/pages/news/detail?id=1');
    await userEvent.click(link);
    expect(host.navigate).toHaveBeenCalledWith('/pages/news/detail', { id: '1' });
  });

  it('drops a cover that fails to load instead of showing a broken image', async () => {
    const { host, api } = createTestHost();
    api.news.newsIndex.mockResolvedValue(page([newsItem(1)], 1, 1));
    const { container } = renderWithHost(host, <NewsList query={{}} />);
    await screen.findByText('News 1');
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
  });

  it('appends the next page and stops at the end', async () => {
    const { host, api } = createTestHost();
    serveTwelve(api);
    renderWithHost(host, <NewsList query={{}} />);
    await screen.findByText('News 10');
    expect(titles()).toHaveLength(10);

    await userEvent.click(screen.getByRole('button', { name: 'load more' }));

    await screen.findByText('News 12');
    expect(api.news.newsIndex).toHaveBeenLastCalledWith({ page: 2, limit: 10 }, expect.anything());
    expect(titles()).toEqual(range(1, 12).map((item) => item.title));
    expect(screen.getByText('no more')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'load more' })).not.toBeInTheDocument();
    expect(api.news.newsIndex).toHaveBeenCalledTimes(2);
  });

  it('reloads page 1 on pull-down refresh and replaces the list', async () => {
    const { host, api } = createTestHost();
    serveTwelve(api);
    renderWithHost(host, <NewsList query={{}} />);
    await screen.findByText('News 10');
    await userEvent.click(screen.getByRole('button', { name: 'load more' }));
    await screen.findByText('News 12');

    // A new article was published meanwhile: it is first, and the total grew by one.
    api.news.newsIndex.mockResolvedValueOnce(page([newsItem(13), ...range(1, 9)], 1, 13));
    await act(async () => {
      await Promise.all(host.refresh.emit());
    });

    expect(api.news.newsIndex).toHaveBeenLastCalledWith({ page: 1, limit: 10 }, expect.anything());
    expect(titles()).toEqual([13, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => `News ${id}`));
    expect(screen.getByRole('button', { name: 'load more' })).toBeInTheDocument();
  });

  it('says when there is no news yet', async () => {
    const { host, api } = createTestHost();
    api.news.newsIndex.mockResolvedValue(page([], 1, 0));
    renderWithHost(host, <NewsList query={{}} />);
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
  });

  it('shows a failed first page in place, once, with a retry', async () => {
    const { host, api } = createTestHost();
    api.news.newsIndex.mockRejectedValueOnce(new ApiError('network connection failed', 'network'));
    api.news.newsIndex.mockResolvedValue(page([newsItem(1)], 1, 1));
    renderWithHost(host, <NewsList query={{}} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('News could not be loaded.');
    expect(api.news.newsIndex).toHaveBeenCalledWith({ page: 1, limit: 10 }, { loading: false, toast: false });

    await userEvent.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('News 1')).toBeInTheDocument();
  });

  it('lets a failed next page be tried again', async () => {
    const { host, api } = createTestHost();
    serveTwelve(api);
    renderWithHost(host, <NewsList query={{}} />);
    await screen.findByText('News 10');

    api.news.newsIndex.mockRejectedValueOnce(new ApiError('network connection failed', 'network'));
    await userEvent.click(screen.getByRole('button', { name: 'load more' }));
    // With items on screen the client's toast tells why; the list keeps what it had.
    expect(api.news.newsIndex).toHaveBeenLastCalledWith({ page: 2, limit: 10 }, { loading: false, toast: true });
    await userEvent.click(await screen.findByRole('button', { name: 'retry' }));
    expect(await screen.findByText('News 12')).toBeInTheDocument();
    expect(titles()).toHaveLength(12);
  });

  it('writes dates in the reader’s language', async () => {
    const { host, api } = createTestHost({ locale: 'zh-CN' });
    api.news.newsIndex.mockResolvedValue(page([newsItem(1)], 1, 1));
    renderWithHost(host, <NewsList query={{}} />);
    expect(await screen.findByText('2026年3月5日')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('没有更多了')).toBeInTheDocument());
  });

  it('reads in the reader’s language: after switching, the list is asked again in the new one, not shown from memory', async () => {
    const { host, api } = createTestHost({ locale: 'zh-CN' });
    api.news.newsIndex.mockResolvedValueOnce(page([newsItem(1, { title: '假期服务时间', language: 'zh-CN' })], 1, 1));
    const first = renderWithHost(host, <NewsList query={{}} />);
    expect((await screen.findByRole('heading', { level: 2, name: '假期服务时间' })).closest('[lang]')).toHaveAttribute('lang', 'zh-CN');
    first.unmount();

    act(() => host.locale.set('en'));
    api.news.newsIndex.mockResolvedValueOnce(page([newsItem(1, { title: 'Holiday hours', language: 'en' })], 1, 1));
    renderWithHost(host, <NewsList query={{}} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Holiday hours' })).toBeInTheDocument();
    expect(screen.queryByText('假期服务时间')).not.toBeInTheDocument();
  });
});
