import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Approval, Listing, OperatorRole } from '@instalment/contract/api';
import { HostContext } from '@instalment/host-sdk/host';
import { createConsoleHost } from '../host/createConsoleHost';
import { Approvals } from './Approvals';

const DISBURSEMENT: Approval = {
  id: 7,
  kind: 'loan.disburse',
  target: 'loan:LN20261126001',
  payload: { bank_ref: 'ICBC-20261126-7' },
  before: { status: 'approved' },
  subject: { about: 'disbursement', borrower: 'Li Lei', phone: '138****5678', order_no: 'LN20261126001', amount: '12000.00', term: 3 },
  maker: 'fin.ann',
  created_at: '2026-11-26T01:00:00.000Z',
  status: 'awaiting',
  checker: null,
  decided_at: null,
  reason: null,
  may_decide: true,
};
const PAYEE = {
  order_no: 'LN20261126001',
  real_name: 'Li Lei',
  bank_name: 'Industrial and Commercial Bank of China',
  bank_card: '6222020200112233445',
};

async function shown(roles: OperatorRole[], locale: 'en' | 'zh-CN' = 'en') {
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const host = createConsoleHost('http://api.test', ui, jest.fn());
  host.locale.set(locale);
  const listing: Listing<Approval> = { list: [DISBURSEMENT], total: 1 };
  const get = jest.spyOn(host.http, 'get').mockImplementation(async (url: string) => (url.endsWith('/payee') ? PAYEE : listing));
  render(
    <HostContext.Provider value={host}>
      <Approvals query={{}} operator={{ username: 'fin.bob', roles, business_timezone: 'Asia/Shanghai' }} />
    </HostContext.Provider>,
  );
  await act(async () => {});
  return { get };
}

afterEach(() => jest.restoreAllMocks());

test('the checker of a disbursement reads the full payee account to verify the transfer', async () => {
  const { get } = await shown(['finance']);
  const row = screen.getByRole('row', { name: /^7 / });
  expect(row).not.toHaveTextContent('6222020200112233445');
  await act(async () => {
    fireEvent.click(within(row).getByRole('button', { name: 'Full payee account of LN20261126001' }));
  });
  expect(get).toHaveBeenCalledWith('/admin/api/loans/LN20261126001/payee', undefined, undefined);
  expect(within(row).getByText('Card number').nextElementSibling).toHaveTextContent('6222020200112233445');
  expect(within(row).getByText('Bank').nextElementSibling).toHaveTextContent('Industrial and Commercial Bank of China');
});

test('in Chinese; and an auditor reading the inbox is not offered the full account', async () => {
  await shown(['finance'], 'zh-CN');
  expect(screen.getByRole('button', { name: '查看借款 LN20261126001 的完整收款账户' })).toBeInTheDocument();
  document.body.innerHTML = '';
  await shown(['auditor']);
  expect(screen.queryByRole('button', { name: /Full payee account/ })).toBeNull();
});
