import { useEffect, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newsIndex, newsLatest, type NewsPage } from '@instalment/contract/api';
import { HostContext } from '@instalment/host-sdk/host';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { useApi } from '@instalment/ui/facade';

const PAGE: NewsPage = {
  list: [{ id: 7, title: 'Rates fall in spring', summary: '', cover: '', published_at: '2026-03-01T09:00:00.000Z', language: 'en' }],
  total: 1,
  page: 1,
  limit: 10,
};

/** A news page that names the one call it makes, and shows which calls it was given. */
function Headlines() {
  const api = useApi({ news: { newsIndex } });
  const [titles, setTitles] = useState('asking…');
  const [, setDrawn] = useState(0);
  useEffect(() => {
    api.news.newsIndex().then(
      (page) => setTitles(page.list.map((item) => item.title).join(', ')),
      (error: Error) => setTitles(`failed: ${error.message}`),
    );
  }, [api]);
  return (
    <>
      <p>{titles}</p>
      <button onClick={() => setDrawn((drawn) => drawn + 1)}>draw again</button>
      <p>calls: {Object.entries(api).flatMap(([group, calls]) => Object.keys(calls).map((name) => `${group}.${name}`))}</p>
    </>
  );
}

describe('useApi', () => {
  it('binds only the calls a page names, to the host’s one client', async () => {
    const { host } = createTestHost();
    const get = jest.spyOn(host.http, 'get').mockResolvedValue(PAGE);
    render(
      <HostContext.Provider value={host}>
        <Headlines />
      </HostContext.Provider>,
    );
    expect(await screen.findByText('Rates fall in spring')).toBeVisible();
    expect(screen.getByText('calls: news.newsIndex')).toBeVisible();
    expect(get).toHaveBeenCalledWith('/api/news/index', { page: 1, limit: expect.any(Number) }, undefined);
  });

  it('gives a page the test’s mocks of the calls it names, and no others', async () => {
    const t = createTestHost();
    t.api.news.newsIndex.mockResolvedValue(PAGE);
    renderWithHost(t.host, <Headlines />);
    expect(await screen.findByText('Rates fall in spring')).toBeVisible();
    expect(screen.getByText('calls: news.newsIndex')).toBeVisible();
    expect(t.api.news.newsIndex).toHaveBeenCalledTimes(1);
  });

  it('lets a call the test did not stub fail loudly', async () => {
    const t = createTestHost();
    renderWithHost(t.host, <Headlines />);
    expect(await screen.findByText('failed: unstubbed call api.news.newsIndex')).toBeVisible();
  });

  it('keeps the same calls from one render to the next, so a page does not ask again', async () => {
    const t = createTestHost();
    t.api.news.newsIndex.mockResolvedValue(PAGE);
    renderWithHost(t.host, <Headlines />);
    expect(await screen.findByText('Rates fall in spring')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'draw again' }));
    expect(screen.getByText('Rates fall in spring')).toBeVisible();
    expect(t.api.news.newsIndex).toHaveBeenCalledTimes(1);
  });
});

// Checked by the compiler: a page reaches only what it named, under the contract's own group.
export function Unnamed() {
  const api = useApi({ news: { newsLatest } });
  // @ts-expect-error the page did not name newsIndex
  void api.news.newsIndex();
  // @ts-expect-error newsLatest is a news call, not a loan one
  useApi({ loan: { newsLatest } });
  return null;
}
