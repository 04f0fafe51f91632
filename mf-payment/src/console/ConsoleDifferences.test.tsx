import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Listing, PaymentDifference } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsoleDifferences from './ConsoleDifferences';

const DIFFERENCE: PaymentDifference = {
  id: 12,
  order_no: 'L20261125000002',
  user_id: 7,
  real_name: 'Li Lei',
  mobile: '13800001234',
  payment_no: 'P20261125000009',
  trade_no: '2026112522001400001234',
  channel: 'alipay',
  periods: [2, 3],
  payoff: false,
  received: '74000.00',
  settled: '73475.00',
  unsettled: '525.00',
  reason: 'settled_otherwise',
  asked: '74000.00',
  due: null,
  at_price_shown: false,
  status: 'open',
  // 23:30 UTC is the next day in Shanghai.
  created_at: '2026-11-25T23:30:00.000Z',
  resolved_at: null,
  resolved_by: null,
  note: null,
  refund_no: null,
  refunded: null,
  approval_id: null,
};

async function shown({
  locale = 'en',
  query = {},
  row = DIFFERENCE,
}: { locale?: 'en' | 'zh-CN'; query?: Record<string, string>; row?: PaymentDifference } = {}) {
  const { host, ui, navigate } = createTestHost({ locale });
  const listing: Listing<PaymentDifference> = { list: [row], total: 1 };
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(listing);
  const post = jest.spyOn(host.http, 'post');
  renderWithHost(
    host,
    <ConsoleDifferences query={query} operator={{ username: 'ann', roles: ['finance'], business_timezone: 'Asia/Shanghai' }} />,
  );
  await act(async () => {});
  return { get, post, ui, navigate };
}

/** One row shown in English, to be unmounted before the next. */
async function shownFor(row: PaymentDifference) {
  const { host } = createTestHost({ locale: 'en' });
  jest.spyOn(host.http, 'get').mockResolvedValue({ list: [row], total: 1 });
  const view = renderWithHost(
    host,
    <ConsoleDifferences query={{}} operator={{ username: 'ann', roles: ['finance'], business_timezone: 'Asia/Shanghai' }} />,
  );
  await act(async () => {});
  return view;
}

const cellOf = (header: string) => {
  const table = screen.getByRole('table');
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((cell) => cell.textContent === header);
  return within(table).getAllByRole('row')[1].children[index];
};

/** A penalty day made it short: the borrower paid ¥1,397.79 while that price held, and it cost ¥1,398.48 when the money arrived. */
const PENALTY_DAY: PaymentDifference = {
  ...DIFFERENCE,
  periods: [3],
  received: '1397.79',
  settled: '0.00',
  unsettled: '1397.79',
  reason: 'price_rose',
  asked: '1397.79',
  due: '1398.48',
  at_price_shown: true,
};

test('an open difference shows who paid, what arrived and what is left with thousands separators, why, and its numbers in its details', async () => {
  const { get } = await shown();
  expect(get).toHaveBeenCalledWith('/admin/api/payments/differences', { status: 'open', page: 1, limit: expect.any(Number) }, undefined);
  expect(screen.getByRole('table', { name: 'Money received and not credited, waiting for finance' })).toBeInTheDocument();
  expect(cellOf('Borrower')).toHaveTextContent('Li Lei13800001234');
  expect(cellOf('Order')).toHaveTextContent('L20261125000002Periods 2, 3');
  expect(cellOf('Received')).toHaveTextContent('¥74,000.00');
  expect(cellOf('Left')).toHaveTextContent('¥525.00');
  expect(cellOf('Reason')).toHaveTextContent('Its instalments were settled otherwise');
  // The numbers are one disclosure away, in a row of their own under the difference's.
  const disclosure = within(cellOf('Details') as HTMLElement).getByRole('button', { name: 'Details of #12' });
  expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(disclosure);
  expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  const details = within(document.getElementById(disclosure.getAttribute('aria-controls')!)!);
  expect(details.getByText('Settled').nextSibling).toHaveTextContent('¥73,475.00');
  expect(details.getByText('Payment').nextSibling).toHaveTextContent('P20261125000009');
  expect(details.getByText('Channel').nextSibling).toHaveTextContent('Alipay · 2026112522001400001234');
  expect(details.getByText('Recorded (Asia/Shanghai)').nextSibling).toHaveTextContent('2026-11-26 07:30');
  // Nine columns: the table fits a 1,280 px screen, the numbers folded into the details.
  expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(9);
});

test('a difference a penalty day made short says the price rose, from what to what, and is asked to be applied at the price shown', async () => {
  const { post, ui } = await shown({ row: PENALTY_DAY });
  expect(cellOf('Reason')).toHaveTextContent('Price rose by the penalty accrued since it was shown: ¥1,397.79 → ¥1,398.48');
  post.mockResolvedValue({ approval_id: 43, status: 'awaiting' });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Ask to apply #12 at the price shown' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith(
    'Ask to settle what Li Lei paid for with ¥1,397.79 of #12 at the price they were shown (¥1,397.79, not ¥1,398.48)? They paid it while that price held; the lender forgoes the rest. A second finance operator carries it out.',
    { confirmText: 'Ask to apply #12 at the price shown', cancelText: 'cancel' },
  );
  expect(post).toHaveBeenCalledWith('/admin/api/payments/differences/12/apply', { at_price_shown: true }, undefined);
  expect(ui.toast).toHaveBeenCalledWith('Waiting for a second operator (approval #43).', 'info');
});

test("applying at today's price is asked of a second operator too; one that cannot be applied at the price shown is not offered it", async () => {
  const { post, ui } = await shown();
  expect(screen.queryByRole('button', { name: 'Ask to apply #12 at the price shown' })).toBeNull();
  post.mockResolvedValue({ approval_id: 44, status: 'awaiting' });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Ask to apply #12 at today’s price' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith(
    'Ask to apply ¥525.00 of #12 to the next instalments of Li Lei at today’s price? A second finance operator carries it out.',
    { confirmText: 'Ask to apply #12 at today’s price', cancelText: 'cancel' },
  );
  expect(post).toHaveBeenCalledWith('/admin/api/payments/differences/12/apply', { at_price_shown: false }, undefined);
  expect(ui.toast).toHaveBeenCalledWith('Waiting for a second operator (approval #44).', 'info');
});

test('a difference whose refund or application waits for a second operator says which, and offers nothing else', async () => {
  await shown({ row: { ...PENALTY_DAY, approval_id: 45 } });
  expect(cellOf('Actions')).toHaveTextContent('Waiting for a second operator (approval #45).');
  expect(within(cellOf('Actions') as HTMLElement).queryByRole('button')).toBeNull();
});

test('all differences are one choice away, kept in the URL', async () => {
  const { get, navigate } = await shown({ query: { status: 'all' } });
  expect(get).toHaveBeenCalledWith('/admin/api/payments/differences', { status: undefined, page: 1, limit: expect.any(Number) }, undefined);
  fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'open' } });
  expect(navigate).toHaveBeenCalledWith('/differences', {});
});

test('a refund is confirmed first, then waits for a second finance operator', async () => {
  const { post, ui } = await shown();
  post.mockResolvedValue({ approval_id: 41 });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Refund #12' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith('Ask to refund ¥525.00 of #12 to Li Lei? A second finance operator carries it out.', {
    confirmText: 'Refund #12',
    cancelText: 'cancel',
  });
  expect(post).toHaveBeenCalledWith('/admin/api/payments/differences/12/refund', {}, undefined);
  expect(ui.toast).toHaveBeenCalledWith('Waiting for a second operator (approval #41).', 'info');
});

test('a refund pending at the gateway reads so, and offers no refund, no applying and no closing', async () => {
  const pending: PaymentDifference = {
    ...DIFFERENCE,
    status: 'refunding',
    refund_no: 'RP20261125000009',
    resolved_at: '2026-11-26T01:00:00.000Z',
    resolved_by: 'bob',
  };
  const { get, navigate } = await shown({ query: { status: 'refunding' }, row: pending });
  expect(get).toHaveBeenCalledWith(
    '/admin/api/payments/differences',
    { status: 'refunding', page: 1, limit: expect.any(Number) },
    undefined,
  );
  expect(screen.getByRole('table', { name: 'Refunds pending at the gateway' })).toBeInTheDocument();
  expect(cellOf('Status')).toHaveTextContent('Refund pending at the gateway');
  expect(cellOf('Actions')).toHaveTextContent(
    'Refund RP20261125000009 pending at the gateway: nothing else can be done until the gateway says whether it refunded.',
  );
  expect(within(cellOf('Actions') as HTMLElement).queryByRole('button')).toBeNull();
  expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
  fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'open' } });
  expect(navigate).toHaveBeenCalledWith('/differences', {});
});

test('a refund the operator does not confirm is not asked for', async () => {
  const { post, ui } = await shown();
  ui.confirm.mockResolvedValue(false);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Refund #12' }));
  });
  expect(post).not.toHaveBeenCalled();
});

test('a difference closes with the reason typed', async () => {
  const { post, get } = await shown();
  post.mockResolvedValue({ id: 12, status: 'closed' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), {
    target: { value: 'Borrower paid twice by mistake; refunded by bank' },
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Close #12' }));
  });
  expect(post).toHaveBeenCalledWith(
    '/admin/api/payments/differences/12/close',
    { reason: 'Borrower paid twice by mistake; refunded by bank' },
    undefined,
  );
  expect(get).toHaveBeenCalledTimes(2);
});

test('in Chinese the row, its reason with both amounts, its channel and its actions read in Chinese', async () => {
  await shown({ locale: 'zh-CN', row: PENALTY_DAY });
  expect(screen.getByRole('table', { name: '已到账未入账、待财务处理的款项' })).toBeInTheDocument();
  expect(cellOf('借款人')).toHaveTextContent('Li Lei');
  expect(cellOf('差额')).toHaveTextContent('¥1,397.79');
  expect(cellOf('原因')).toHaveTextContent('显示金额后新增罚息，应还金额上涨：¥1,397.79 → ¥1,398.48');
  expect(cellOf('状态')).toHaveTextContent('待处理');
  const disclosure = within(cellOf('详情') as HTMLElement).getByRole('button', { name: '#12 详情' });
  fireEvent.click(disclosure);
  const details = within(document.getElementById(disclosure.getAttribute('aria-controls')!)!);
  expect(details.getByText('渠道').nextSibling).toHaveTextContent('支付宝 · 2026112522001400001234');
  expect(screen.getByRole('button', { name: '申请按当时显示价格抵扣 #12' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '申请按今日价格抵扣 #12' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '退款 #12' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '关闭 #12' })).toBeInTheDocument();
});

test('each reason says what happened', async () => {
  const reasons: Array<[PaymentDifference, string]> = [
    [{ ...DIFFERENCE, reason: 'superseded' }, 'The borrower had opened another payment since'],
    [{ ...DIFFERENCE, reason: 'amount_unknown' }, 'Its price changed before the money arrived; by how much is not known'],
    [{ ...PENALTY_DAY, reason: 'price_fell', asked: '1398.48', due: '1397.79' }, 'Price fell after it was shown: ¥1,398.48 → ¥1,397.79'],
    [
      { ...PENALTY_DAY, reason: 'amount_differs', asked: '1397.79', due: '1397.79' },
      'The price did not change; another amount arrived than the ¥1,397.79 asked',
    ],
    [
      { ...PENALTY_DAY, payoff: true, periods: [] },
      'The payoff rose by the interest and penalty accrued since it was shown: ¥1,397.79 → ¥1,398.48',
    ],
  ];
  for (const [row, words] of reasons) {
    const { unmount } = await shownFor(row);
    expect(cellOf('Reason')).toHaveTextContent(words);
    unmount();
  }
});

test('no open difference says that nothing waits', async () => {
  const { host } = createTestHost();
  jest.spyOn(host.http, 'get').mockResolvedValue({ list: [], total: 0 });
  renderWithHost(
    host,
    <ConsoleDifferences query={{}} operator={{ username: 'ann', roles: ['finance'], business_timezone: 'Asia/Shanghai' }} />,
  );
  await act(async () => {});
  expect(screen.getByText('No money waits to be reconciled.')).toBeInTheDocument();
});
