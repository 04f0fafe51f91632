import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Listing, PaymentDifference } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import OpsDifferences from './OpsDifferences';

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
  received: '1050.00',
  settled: '525.00',
  unsettled: '525.00',
  reason: 'settled_otherwise',
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
    <OpsDifferences query={query} operator={{ username: 'ann', roles: ['finance'], business_timezone: 'Asia/Shanghai' }} />,
  );
  await act(async () => {});
  return { get, post, ui, navigate };
}

const cellOf = (header: string) => {
  const table = screen.getByRole('table');
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((cell) => cell.textContent === header);
  return within(table).getAllByRole('row')[1].children[index];
};

test('an open difference shows who paid, what arrived, what is left and why, in the business zone', async () => {
  const { get } = await shown();
  expect(get).toHaveBeenCalledWith('/admin/api/payments/differences', { status: 'open', page: 1, limit: expect.any(Number) }, undefined);
  expect(screen.getByRole('table', { name: 'Money received and not credited, waiting for finance' })).toBeInTheDocument();
  expect(cellOf('Borrower')).toHaveTextContent('Li Lei');
  expect(cellOf('Phone')).toHaveTextContent('13800001234');
  expect(cellOf('Order')).toHaveTextContent('L20261125000002');
  expect(cellOf('Periods')).toHaveTextContent('2, 3');
  expect(cellOf('Received')).toHaveTextContent('1050.00');
  expect(cellOf('Settled')).toHaveTextContent('525.00');
  expect(cellOf('Left')).toHaveTextContent('525.00');
  expect(cellOf('Payment')).toHaveTextContent('P20261125000009');
  expect(cellOf('Alipay trade')).toHaveTextContent('2026112522001400001234');
  expect(cellOf('Reason')).toHaveTextContent('Its instalments were settled otherwise');
  expect(cellOf('Recorded (Asia/Shanghai)')).toHaveTextContent('2026-11-26 07:30');
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
  expect(ui.confirm).toHaveBeenCalledWith('Ask to refund 525.00 of #12 to Li Lei? A second finance operator carries it out.', {
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
  expect(screen.queryByRole('button', { name: /#12/ })).toBeNull();
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

test('in Chinese the row, its reason and its actions read in Chinese', async () => {
  await shown({ locale: 'zh-CN' });
  expect(screen.getByRole('table', { name: '已到账未入账、待财务处理的款项' })).toBeInTheDocument();
  expect(cellOf('借款人')).toHaveTextContent('Li Lei');
  expect(cellOf('差额')).toHaveTextContent('525.00');
  expect(cellOf('原因')).toHaveTextContent('对应期次已通过其他方式结清');
  expect(cellOf('状态')).toHaveTextContent('待处理');
  expect(screen.getByRole('button', { name: '退款 #12' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '关闭 #12' })).toBeInTheDocument();
});

test('no open difference says that nothing waits', async () => {
  const { host } = createTestHost();
  jest.spyOn(host.http, 'get').mockResolvedValue({ list: [], total: 0 });
  renderWithHost(
    host,
    <OpsDifferences query={{}} operator={{ username: 'ann', roles: ['finance'], business_timezone: 'Asia/Shanghai' }} />,
  );
  await act(async () => {});
  expect(screen.getByText('No money waits to be reconciled.')).toBeInTheDocument();
});
