import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Listing, ConsoleProof } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsoleProofs from './ConsoleProofs';

const PENDING: ConsoleProof = {
  id: 7,
  order_no: 'L20261125000002',
  mobile: '13800001234',
  real_name: 'Li Lei',
  periods: [1],
  amount: '1398.48',
  remark: 'L20261125000002',
  status: 'pending',
  created_at: '2026-11-25T02:00:00.000Z',
  bank_ref: null,
  reject_reason: null,
  approval_id: null,
  decided_by: null,
  decided_at: null,
};
const REJECTED: ConsoleProof = {
  ...PENDING,
  id: 6,
  status: 'rejected',
  reject_reason: 'The receipt shows another payee.',
  decided_by: 'fin.bob',
  decided_at: '2026-11-25T03:00:00.000Z',
};

async function shown(query: Record<string, string>, list: ConsoleProof[], locale: 'en' | 'zh-CN' = 'en') {
  const { host, navigate } = createTestHost({ locale });
  const listing: Listing<ConsoleProof> = { list, total: list.length };
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(listing);
  // The receipts are not what these tests read: none can be fetched, so none is drawn.
  jest.spyOn(host.http, 'download').mockRejectedValue(new Error('no receipt here'));
  renderWithHost(
    host,
    <ConsoleProofs query={query} operator={{ username: 'fin.ann', roles: ['finance'], business_timezone: 'Asia/Shanghai' }} />,
  );
  await act(async () => {});
  return { get, navigate };
}

test('the queue shows what waits, and is filtered by status to read the history', async () => {
  const { get, navigate } = await shown({}, [PENDING]);
  expect(get).toHaveBeenCalledWith('/admin/api/vouchers', expect.objectContaining({ status: 'pending' }), undefined);
  expect(screen.queryByRole('columnheader', { name: 'Decision' })).toBeNull();
  fireEvent.change(screen.getByRole('combobox', { name: 'Show proofs' }), { target: { value: 'rejected' } });
  expect(navigate).toHaveBeenCalledWith('/proofs', expect.objectContaining({ status: 'rejected' }));
});

test('decided proofs read who decided them, when, and why one was rejected, with no action left to take', async () => {
  const { get } = await shown({ status: 'all', q: '13800001234' }, [PENDING, REJECTED]);
  expect(get).toHaveBeenCalledWith('/admin/api/vouchers', expect.objectContaining({ status: undefined, q: '13800001234' }), undefined);
  expect(screen.getByRole('searchbox', { name: 'Order number or phone' })).toHaveValue('13800001234');
  const [pending, rejected] = within(screen.getByRole('table', { name: 'Transfer proofs: all' }))
    .getAllByRole('row')
    .slice(1);
  expect(rejected).toHaveTextContent('rejected by fin.bob, 2026-11-25 11:00');
  expect(rejected).toHaveTextContent('Reason: The receipt shows another payee.');
  expect(within(rejected).queryByRole('button', { name: /Reject|confirm/ })).toBeNull();
  expect(within(pending).getByRole('button', { name: 'Reject #7' })).toBeInTheDocument();
});

test('in Chinese', async () => {
  await shown({ status: 'rejected' }, [REJECTED], 'zh-CN');
  const [rejected] = within(screen.getByRole('table', { name: '转账凭证：已驳回' }))
    .getAllByRole('row')
    .slice(1);
  expect(rejected).toHaveTextContent('fin.bob 已驳回，2026-11-25 11:00');
  expect(rejected).toHaveTextContent('原因：The receipt shows another payee.');
});
