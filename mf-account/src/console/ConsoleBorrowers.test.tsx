import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { BorrowerMatch, BorrowerMatches, OperatorRole, ConsoleAutopay, ConsoleBorrower } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsoleBorrowers from './ConsoleBorrowers';

const MATCH: BorrowerMatch = { id: 7, name: 'Z*******', mobile: '139****1234', id_card: null, loans: 0, closed_at: null };

const BORROWER: ConsoleBorrower = {
  user: {
    id: 7,
    mobile: '13900001234',
    nickname: 'Zhao Min',
    real_name: null,
    credit: { limit: '50000.00', used: '0.00', available: '50000.00', blocked: null },
    createtime: 1_790_000_000,
    closed_at: null,
  },
  loans: [],
  vouchers: [],
  payments: [],
  audit: [],
};

const NO_AUTOPAY: ConsoleAutopay = { state: 'none', paused: false, signed_at: null, ended_at: null, history: [], charges: [] };

/** A borrower who signed autopay at 10:00 on the 26th (Shanghai), finance paused it at 11:30. */
const PAUSED: ConsoleAutopay = {
  state: 'active',
  paused: true,
  signed_at: '2026-11-26T02:00:00.000Z',
  ended_at: null,
  history: [
    { event: 'pending', at: '2026-11-26T01:59:00.000Z', operator: null },
    { event: 'active', at: '2026-11-26T02:00:00.000Z', operator: null },
    { event: 'paused', at: '2026-11-26T03:30:00.000Z', operator: 'fay' },
  ],
  charges: [],
};

/** The screen for an operator of `roles`, the API answering `matches` to a search, `borrower` to a pick and `autopay` for their agreement. */
async function searched(
  query: string,
  matches: BorrowerMatches,
  borrower: ConsoleBorrower,
  roles: OperatorRole[] = ['support'],
  autopay: ConsoleAutopay = NO_AUTOPAY,
  locale: 'en' | 'zh-CN' = 'en',
) {
  const { host, ui } = createTestHost({ locale });
  const get = jest
    .spyOn(host.http, 'get')
    .mockImplementation(async (url: string) => (url.includes('/search') ? matches : url.endsWith('/autopay') ? autopay : borrower));
  const post = jest.spyOn(host.http, 'post').mockResolvedValue({ ...autopay, paused: !autopay.paused });
  renderWithHost(host, <ConsoleBorrowers query={{}} operator={{ username: 'sam', roles, business_timezone: 'Asia/Shanghai' }} />);
  fireEvent.change(screen.getByRole('searchbox', { name: /Name, phone|姓名/ }), { target: { value: query } });
  await act(async () => {
    fireEvent.submit(screen.getByRole('search'));
  });
  return Object.assign(get, { post, ui });
}

test('the only match opens at once; support is not offered the credit line', async () => {
  const get = await searched('zhao', { list: [MATCH], more: false }, BORROWER);
  expect(get).toHaveBeenCalledWith('/admin/api/users/search', { q: 'zhao' }, { toast: false });
  expect(get).toHaveBeenCalledWith('/admin/api/users/7', undefined, { toast: false });
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Zhao Min · 13900001234');
  expect(screen.getByText('No loans.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Ask to change the credit line' })).toBeNull();
});

test('a reviewer is offered the credit line; a closed account reads closed and offers nothing', async () => {
  await searched('zhao', { list: [MATCH], more: false }, BORROWER, ['reviewer']);
  expect(screen.getByRole('button', { name: 'Ask to change the credit line' })).toBeInTheDocument();

  const closed = { ...BORROWER, user: { ...BORROWER.user, closed_at: '2026-11-26T02:00:00.000Z' } };
  cleanup();
  await searched('zhao', { list: [MATCH], more: false }, closed, ['reviewer']);
  expect(screen.getByRole('status')).toHaveTextContent(
    'The borrower closed this account on 2026-11-26: its loans and credit line are read-only.',
  );
  expect(screen.queryByRole('button', { name: 'Ask to change the credit line' })).toBeNull();
});

test('several matches are listed to pick from, saying when more match', async () => {
  const other: BorrowerMatch = { ...MATCH, id: 8, mobile: '139****5678', id_card: '110***********5678', loans: 2 };
  const get = await searched('1234', { list: [MATCH, other], more: true }, BORROWER);
  const table = screen.getByRole('table', { name: 'Borrowers found' });
  expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/139\*\*\*\*5678.*110\*{11}5678.*2.*Open/);
  expect(screen.getByText('More borrowers match: type more of the name or number to narrow the list.')).toBeInTheDocument();
  await act(async () => {
    fireEvent.click(within(table).getAllByRole('button', { name: 'Open Z*******' })[1]);
  });
  expect(get).toHaveBeenCalledWith('/admin/api/users/8', undefined, { toast: false });
});

test('support reads the borrower’s autopay and its history, and is offered no pause', async () => {
  const get = await searched('zhao', { list: [MATCH], more: false }, BORROWER, ['support'], PAUSED);
  expect(get).toHaveBeenCalledWith('/admin/api/users/7/autopay', undefined, undefined);
  expect(screen.getByText('Autopay: signed, paused by finance — nothing is charged until it is resumed')).toBeInTheDocument();
  const history = screen.getByRole('table', { name: 'Autopay history' });
  expect(
    within(history)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent),
  ).toEqual([
    '2026-11-26 09:59Asked to signThe borrower or Alipay',
    '2026-11-26 10:00Signed at AlipayThe borrower or Alipay',
    '2026-11-26 11:30Pausedfay',
  ]);
  expect(screen.queryByRole('button', { name: /autopay/ })).toBeNull();
});

test('finance pauses a borrower’s autopay after confirming; a paused one is resumed; in Chinese too', async () => {
  const signed: ConsoleAutopay = { ...PAUSED, paused: false, history: PAUSED.history.slice(0, 2) };
  const { post, ui } = await searched('zhao', { list: [MATCH], more: false }, BORROWER, ['finance', 'support'], signed);
  expect(screen.getByText('Autopay: on')).toBeInTheDocument();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pause autopay' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith('Pause autopay for Zhao Min? Their due amounts are not charged until autopay is resumed.', {
    confirmText: 'Pause autopay',
    cancelText: 'cancel',
  });
  expect(post).toHaveBeenCalledWith('/admin/api/users/7/autopay/pause', undefined, undefined);

  cleanup();
  const paused = await searched('zhao', { list: [MATCH], more: false }, BORROWER, ['finance', 'support'], PAUSED, 'zh-CN');
  expect(screen.getByText('自动还款：已签约，财务已暂停，恢复前不会扣款')).toBeInTheDocument();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '恢复自动还款' }));
  });
  expect(paused.post).toHaveBeenCalledWith('/admin/api/users/7/autopay/resume', undefined, undefined);
});
