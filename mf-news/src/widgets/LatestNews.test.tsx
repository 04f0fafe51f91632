import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { newsItem } from '../testing/fixtures';
import LatestNews from './LatestNews';

const five = [1, 2, 3, 4, 5].map((id) => newsItem(id));

describe('LatestNews', () => {
  it('lists the 5 latest articles under its heading, each opening its article', async () => {
    const { host, api } = createTestHost();
    api.news.newsLatest.mockResolvedValue(five);
    renderWithHost(host, <LatestNews />);

    const section = screen.getByRole('region', { name: 'latest news' });
    expect(within(section).getByRole('heading', { level: 2, name: 'latest news' })).toBeInTheDocument();
    expect(await within(section).findAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(api.news.newsLatest).toHaveBeenCalledWith({ limit: 5 }, expect.objectContaining({ loading: false }));

    const article = within(section).getByRole('link', { name: /News 3/ });
    expect(article).toHaveAttribute('href', 'http://app.test/#/pages/news/detail?id=3');
    await userEvent.click(article);
    expect(host.navigate).toHaveBeenCalledWith('/pages/news/detail', { id: '3' });

    const more = within(section).getByRole('link', { name: 'more news' });
    expect(more).toHaveTextContent('more');
    await userEvent.click(more);
    expect(host.navigate).toHaveBeenLastCalledWith('/pages/news/list', undefined);
  });

  it('shows that it is loading', () => {
    const { host, api } = createTestHost();
    api.news.newsLatest.mockReturnValue(new Promise(() => {}));
    renderWithHost(host, <LatestNews />);
    expect(screen.getByRole('status', { name: 'loading...' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows its own error with a retry that loads again', async () => {
    const { host, api } = createTestHost();
    api.news.newsLatest.mockRejectedValueOnce(new ApiError('network connection failed', 'network'));
    api.news.newsLatest.mockResolvedValue(five);
    renderWithHost(host, <LatestNews />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Latest news could not be loaded.');
    expect(host.ui.toast).not.toHaveBeenCalled();
    // The section stays usable: the way to all news is still there.
    expect(screen.getByRole('link', { name: 'more news' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(api.news.newsLatest).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when there is no news', async () => {
    const { host, api } = createTestHost();
    api.news.newsLatest.mockResolvedValue([]);
    renderWithHost(host, <LatestNews />);
    expect(await screen.findByText('No news yet.')).toBeInTheDocument();
  });

  it('speaks Chinese when the reader does', async () => {
    const { host, api } = createTestHost({ locale: 'zh-CN' });
    api.news.newsLatest.mockResolvedValue(five);
    renderWithHost(host, <LatestNews />);
    expect(screen.getByRole('heading', { level: 2, name: '最新资讯' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '更多资讯' })).toHaveTextContent('更多');
    expect(await screen.findAllByText('2026年3月5日')).toHaveLength(5);
  });

  it('reads in the reader’s language, an article not written in it marked as the other’s; switched, it asks again', async () => {
    const { host, api } = createTestHost({ locale: 'zh-CN' });
    api.news.newsLatest.mockResolvedValueOnce([
      newsItem(1, { title: '假期服务时间', language: 'zh-CN' }),
      newsItem(2, { title: 'Rates', language: 'en' }),
    ]);
    renderWithHost(host, <LatestNews />);
    const chinese = await screen.findByRole('heading', { level: 3, name: '假期服务时间' });
    expect(chinese.closest('[lang]')).toHaveAttribute('lang', 'zh-CN');
    expect(screen.getByRole('heading', { level: 3, name: 'Rates' }).closest('[lang]')).toHaveAttribute('lang', 'en');

    api.news.newsLatest.mockResolvedValueOnce([
      newsItem(1, { title: 'Holiday hours', language: 'en' }),
      newsItem(2, { title: 'Rates', language: 'en' }),
    ]);
    act(() => host.locale.set('en'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Holiday hours' })).toBeInTheDocument();
    expect(api.news.newsLatest).toHaveBeenCalledTimes(2);
  });
});
