import { act, fireEvent, screen, within } from '@testing-library/react';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { ProofImage } from './ProofImage';

const OBJECT_URL = 'blob:http://console.test/receipt';

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => OBJECT_URL);
  URL.revokeObjectURL = jest.fn();
});

async function shown(locale: 'en' | 'zh-CN' = 'en') {
  const { host } = createTestHost({ locale, loggedIn: true });
  const download = jest.spyOn(host.http, 'download').mockResolvedValue({ blob: new Blob(['png']), filename: null });
  const view = renderWithHost(host, <ProofImage id={7} />);
  await act(async () => {});
  // Quietly: a receipt that cannot be read is not drawn, with no toast and no overlay.
  expect(download).toHaveBeenCalledWith('/admin/api/vouchers/7/file', undefined, { toast: false, loading: false });
  return view;
}

test('a receipt is drawn as a bounded thumbnail; its full size opens over the screen, leaving the row as it was', async () => {
  await shown();
  const image = screen.getByRole('img', { name: 'Receipt of proof #7' });
  expect(image).toHaveAttribute('src', OBJECT_URL);
  expect(image.parentElement).toHaveClass('thumbnail');

  const zoom = screen.getByRole('button', { name: 'Receipt of proof #7 at full size' });
  expect(zoom).toHaveTextContent('Full size');
  fireEvent.click(zoom);
  const dialog = screen.getByRole('dialog', { name: 'Receipt of proof #7 at full size' });
  expect(within(dialog).getByRole('img', { name: 'Receipt of proof #7' }).parentElement).toHaveClass('fullSize');
  // The thumbnail stays in the row: the row keeps its width, and its actions where they were.
  expect(image.parentElement).toHaveClass('thumbnail');
  const close = within(dialog).getByRole('button', { name: 'Close' });
  expect(close).toHaveFocus();
  fireEvent.click(close);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(zoom).toHaveFocus();

  fireEvent.click(zoom);
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('the toggle speaks the operator’s language', async () => {
  await shown('zh-CN');
  expect(screen.getByRole('button', { name: '按原尺寸查看凭证 #7 的回单' })).toHaveTextContent('原尺寸');
});

test('the image is released when the receipt leaves the screen', async () => {
  const { unmount } = await shown();
  unmount();
  expect(URL.revokeObjectURL).toHaveBeenCalledWith(OBJECT_URL);
});
