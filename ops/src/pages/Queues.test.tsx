import { act, render, screen, within } from '@testing-library/react';
import { ADMIN_ENDPOINTS, type OperatorRole, type Queues as QueueFigures } from '@instalment/contract/api';
import { HostContext } from '@instalment/host-sdk/host';
import { createConsoleHost } from '../host/createConsoleHost';
import { PUBLISHED } from '../published.fixture';
import { consoleScreens, navigationOf } from '../screens';
import { Queues } from './Queues';

const FIGURES: QueueFigures = {
  loans_pending: 2,
  loans_approved: 1,
  vouchers_pending: 1,
  approvals_awaiting: 1,
  loans_overdue: 1,
  differences_open: 0,
  loads: {
    loans_pending: { amount: '15000.00', oldest_hours: 3 },
    loans_approved: { amount: '8000.00', oldest_hours: 0 },
    vouchers_pending: { amount: '1090.00', oldest_hours: 50 },
    approvals_awaiting: { oldest_hours: 1 },
    loans_overdue: { amount: '2180.00', oldest_hours: 72 },
    differences_open: { amount: '0.00', oldest_hours: null },
  },
  today: { date: '2026-11-26', disbursed: '8000.00', repaid: '1090.00' },
};

/** The console's own host, its HTTP client answering the queues as the API would. */
async function shown(roles: OperatorRole[], locale: 'en' | 'zh-CN' = 'en') {
  const host = createConsoleHost(
    'http://api.test',
    { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn() },
    jest.fn(),
  );
  host.locale.set(locale);
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(FIGURES);
  const operator = { username: 'ann', roles, business_timezone: 'Asia/Shanghai' };
  const navigation = navigationOf(consoleScreens(PUBLISHED), operator);
  render(
    <HostContext.Provider value={host}>
      <Queues query={{}} operator={operator} opens={(path) => navigation.some((page) => page.path === path)} />
    </HostContext.Provider>,
  );
  await act(async () => {});
  expect(get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.queues, undefined, undefined);
}

test('each queue shows its count, sum and oldest wait, a link to its page; and the business day’s money', async () => {
  await shown(['admin']);
  expect(screen.getByRole('link', { name: '2 Applications to review ¥15,000.00 · oldest 3 h' })).toHaveAttribute(
    'href',
    '#/loans?status=pending',
  );
  expect(screen.getByRole('link', { name: /^1 Proofs to check ¥1,090\.00 · oldest 2 d$/ })).toHaveAttribute('href', '#/proofs');
  expect(screen.getByRole('link', { name: '1 Approvals waiting oldest 1 h' })).toHaveAttribute('href', '#/approvals');
  expect(screen.getByRole('link', { name: '1 Loans overdue ¥2,180.00 · oldest 3 d' })).toHaveAttribute('href', '#/overdue');
  expect(screen.getByRole('link', { name: '0 Payment differences open ¥0.00' })).toHaveAttribute('href', '#/differences');
  const today = screen.getByRole('region', { name: 'Today, 2026-11-26 (Asia/Shanghai)' });
  expect(today).toHaveTextContent('Disbursed¥8,000.00Repaid¥1,090.00Overdue now¥2,180.00');
  // Yesterday's and any other days' money is the daily report's, one click away.
  expect(within(today).getByRole('link', { name: 'Daily report' })).toHaveAttribute('href', '#/reports');
});

test('an operator sees only the queues their roles open', async () => {
  await shown(['support']);
  expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
    '#/loans?status=pending',
    '#/loans?status=approved',
    '#/approvals',
    '#/overdue',
  ]);
});

test('in Chinese', async () => {
  await shown(['finance'], 'zh-CN');
  expect(screen.getByRole('link', { name: '1 待核对凭证 ¥1,090.00 · 最早 2 天' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '2 待审批借款 ¥15,000.00 · 最早 3 小时' })).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: '今日，2026-11-26 (Asia/Shanghai)' })).getByText('当前逾期')).toBeInTheDocument();
});
