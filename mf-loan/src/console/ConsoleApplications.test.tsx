import { screen, within } from '@testing-library/react';
import type { Listing, OperatorRole, ConsoleLoan } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsoleApplications from './ConsoleApplications';

const loan = (order_no: string, approval_id: number | null): ConsoleLoan => ({
  order_no,
  user_id: 7,
  mobile: '13800001234',
  real_name: 'Li Lei',
  amount: '12000.00',
  term: 3,
  status: 'approved',
  bank_name: 'Industrial and Commercial Bank of China',
  bank_card: '**** **** **** 3445',
  created_at: '2026-01-15T02:00:00.000Z',
  approved_at: '2026-01-15T03:00:00.000Z',
  disbursed_at: null,
  disbursement_ref: null,
  reject_reason: null,
  approval_id,
});

async function rows(roles: OperatorRole[], locale: 'en' | 'zh-CN' = 'en') {
  const { host } = createTestHost({ locale });
  const page: Listing<ConsoleLoan> = { list: [loan('L1', 12), loan('L2', null)], total: 2 };
  jest.spyOn(host.http, 'get').mockResolvedValue(page);
  renderWithHost(host, <ConsoleApplications query={{}} operator={{ username: 'fin.ann', roles, business_timezone: 'Asia/Shanghai' }} />);
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

test('a loan whose disbursement was asked for reads "waiting #N" instead of offering the ask again', async () => {
  const [asked, waiting] = await rows(['finance']);
  expect(asked).toHaveTextContent('Waiting #12');
  expect(within(asked).queryByRole('button', { name: /Ask to disburse/ })).toBeNull();
  expect(within(waiting).getByRole('button', { name: 'Ask to disburse L2' })).toBeInTheDocument();
});

test('in Chinese, and only finance is offered the ask', async () => {
  const [asked, waiting] = await rows(['support'], 'zh-CN');
  expect(asked).toHaveTextContent('待复核 #12');
  expect(within(waiting).queryByRole('button', { name: /发起放款/ })).toBeNull();
});
