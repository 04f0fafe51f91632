import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_ENDPOINTS, type Listing, type ConsoleArticle } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsoleNews from './ConsoleNews';

const ARTICLE: ConsoleArticle = {
  id: 3,
  title: 'Holiday hours',
  summary: 'When we answer.',
  language: 'en',
  languages: ['en', 'zh-CN'],
  author: 'Desk',
  status: 'published',
  published_at: '2026-11-25T02:00:00.000Z',
};
const COVER = {
  url: '/uploads/20261126/0123456789abcdef0123456789abcdef.png',
  fullurl: 'http://api.test/uploads/20261126/x.png?signature=s',
};
const EDITOR = { username: 'eve', roles: ['editor' as const], business_timezone: 'Asia/Shanghai' };

async function shown(
  query: Record<string, string> = {},
  listing: Listing<ConsoleArticle> = { list: [ARTICLE], total: 1 },
  locale: 'en' | 'zh-CN' = 'en',
) {
  const { host, navigate } = createTestHost({ locale });
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(listing);
  const post = jest.spyOn(host.http, 'post').mockResolvedValue({ id: 9, status: 'draft' });
  const upload = jest.spyOn(host.http, 'upload');
  renderWithHost(host, <ConsoleNews query={query} operator={EDITOR} />);
  await act(async () => {});
  return { get, post, upload, navigate };
}

const form = () => screen.getByRole('form', { name: 'New article' });
const type = (language: 'Chinese' | 'English', label: string, text: string) =>
  fireEvent.change(within(within(form()).getByRole('group', { name: language })).getByLabelText(label), { target: { value: text } });
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });

test('the editor drafts an article in Chinese and English with an uploaded cover, previewed before it is saved', async () => {
  const { post, upload } = await shown();
  upload.mockResolvedValue(COVER);
  type('Chinese', 'Title', '假期服务时间');
  type('Chinese', 'Summary', '客服时间调整。');
  type('Chinese', 'Text (HTML)', '<p>每天营业。</p>');
  type('English', 'Title', 'Holiday hours');
  type('English', 'Summary', 'When we answer.');
  type('English', 'Text (HTML)', '<p>Open every day.</p>');
  fireEvent.change(within(form()).getByLabelText('Author'), { target: { value: 'Service desk' } });
  await act(async () => {
    await userEvent.upload(within(form()).getByLabelText('Cover image'), png());
  });
  expect(upload).toHaveBeenCalledWith(ADMIN_ENDPOINTS.newsCover, expect.any(FormData), { toast: false, loading: false });
  expect(within(form()).getByRole('img', { name: 'The cover as uploaded' })).toHaveAttribute('src', COVER.fullurl);

  await act(async () => {
    fireEvent.submit(form());
  });
  expect(post).toHaveBeenCalledWith(
    ADMIN_ENDPOINTS.news,
    {
      'zh-CN': { title: '假期服务时间', summary: '客服时间调整。', content: '<p>每天营业。</p>' },
      en: { title: 'Holiday hours', summary: 'When we answer.', content: '<p>Open every day.</p>' },
      author: 'Service desk',
      cover: COVER.url,
    },
    { toast: false },
  );
  expect(screen.getByRole('status')).toHaveTextContent('Draft #9 saved: publish it from the list below.');
  expect(within(form()).getByLabelText('Author')).toHaveValue('');
  expect(within(form()).queryByRole('img')).not.toBeInTheDocument();
});

test('a failed cover upload says why and sends the same image again, and nothing typed is lost', async () => {
  const { upload } = await shown();
  upload.mockRejectedValueOnce(new ApiError('network connection failed', 'network')).mockResolvedValueOnce(COVER);
  type('English', 'Title', 'Holiday hours');
  const image = png();
  await act(async () => {
    await userEvent.upload(within(form()).getByLabelText('Cover image'), image);
  });
  expect(within(form()).getByRole('alert')).toHaveTextContent('The cover was not uploaded: network connection failed');
  await act(async () => {
    await userEvent.click(within(form()).getByRole('button', { name: 'Try the upload again' }));
  });
  expect(upload).toHaveBeenCalledTimes(2);
  expect((upload.mock.calls[1][1] as FormData).get('file')).toMatchObject({ name: 'cover.png', size: image.size });
  expect(within(form()).getByRole('img', { name: 'The cover as uploaded' })).toBeInTheDocument();
  expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
  expect(within(within(form()).getByRole('group', { name: 'English' })).getByLabelText('Title')).toHaveValue('Holiday hours');
});

test('a refused draft shows the reason and keeps the form as typed', async () => {
  const { post } = await shown();
  post.mockRejectedValueOnce(new ApiError('An article needs an author, and a title, a summary and a text in Chinese, English or both.', 0));
  type('English', 'Title', 'Holiday hours');
  await act(async () => {
    fireEvent.submit(form());
  });
  expect(within(form()).getByRole('alert')).toHaveTextContent('An article needs an author');
  expect(within(within(form()).getByRole('group', { name: 'English' })).getByLabelText('Title')).toHaveValue('Holiday hours');
});

test('taking an article down asks in its row first; kept, nothing is sent', async () => {
  const { post } = await shown();
  await userEvent.click(screen.getByRole('button', { name: 'Take down #3' }));
  const question = screen.getByRole('group', { name: 'Take down #3' });
  expect(question).toHaveTextContent('Take down “Holiday hours”? Borrowers no longer see it.');
  expect(question).toHaveFocus();
  expect(post).not.toHaveBeenCalled();
  await userEvent.click(within(question).getByRole('button', { name: 'Keep #3 published' }));
  expect(post).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Take down #3' })).toHaveFocus();

  await userEvent.click(screen.getByRole('button', { name: 'Take down #3' }));
  await act(async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Yes, take down #3' }));
  });
  expect(post).toHaveBeenCalledWith('/admin/api/news/3/unpublish', undefined, undefined);
});

test('the list pages past 50: a later page is asked for by its number, and the pager moves through the URL', async () => {
  const { get, navigate } = await shown({ page: '2' }, { list: [ARTICLE], total: 120 });
  expect(get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.newsList, { page: 2, limit: 50 }, undefined);
  expect(screen.getByText(/Page 2 of 3/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(navigate).toHaveBeenCalledWith('/news', { page: '3' });
});

test('in Chinese: the form’s languages, an article’s title marked with its own language, and its languages', async () => {
  await shown({}, { list: [ARTICLE], total: 1 }, 'zh-CN');
  expect(screen.getByRole('form', { name: '新文章' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: '中文' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: '英文' })).toBeInTheDocument();
  const row = screen.getAllByRole('row')[1];
  expect(within(row).getByText('Holiday hours')).toHaveAttribute('lang', 'en');
  expect(row).toHaveTextContent('英文 · 中文');
  expect(within(row).getByRole('button', { name: '下线 #3' })).toBeInTheDocument();
});
