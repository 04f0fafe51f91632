import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AutopayRun, AutopayRunCharge, OperatorRole } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsoleAutopay from './ConsoleAutopay';

// 20:00 UTC on the 26th is 04:00 on the 27th in Shanghai: the day the screen opens on is the 27th.
const NOW = Date.parse('2026-11-26T20:00:00.000Z');

const CHARGE: AutopayRunCharge = {
  order_no: 'L20261027000001',
  due_date: '2026-11-27',
  attempt: 1,
  amount: '4100.17',
  state: 'paid',
  reason: null,
  at: '2026-11-27T02:05:00.000Z',
  user_id: 7,
  borrower: 'Wang Fang',
  mobile: '13800001234',
  paused: false,
};

const RUN: AutopayRun = {
  date: '2026-11-27',
  time_zone: 'Asia/Shanghai',
  due: { count: 3, amount: '16400.68' },
  paused: { count: 0, amount: '0.00' },
  charged: { count: 1, amount: '4100.17' },
  failed: { count: 1, amount: '4100.17' },
  pending: { count: 0, amount: '0.00' },
  refused: { count: 1, amount: '8200.34' },
  charges: [
    CHARGE,
    { ...CHARGE, order_no: 'L20261027000002', user_id: 8, borrower: 'Zhang Wei', state: 'failed', reason: 'balance' },
    { ...CHARGE, order_no: 'L20261027000003', user_id: 9, borrower: 'Liu Yang', state: 'refused', reason: 'charge_cap', amount: '8200.34' },
    { ...CHARGE, order_no: 'L20261027000004', user_id: 10, borrower: 'Chen Jing', state: 'failed', reason: 'ACQ.RISK', paused: true },
  ],
};

async function shown({
  locale = 'en',
  roles = ['finance'],
  readOnly = false,
}: { locale?: 'en' | 'zh-CN'; roles?: OperatorRole[]; readOnly?: boolean } = {}) {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  const { host, ui } = createTestHost({ locale });
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(RUN);
  const post = jest.spyOn(host.http, 'post').mockResolvedValue({});
  renderWithHost(
    host,
    <ConsoleAutopay query={{}} readOnly={readOnly} operator={{ username: 'fay', roles, business_timezone: 'Asia/Shanghai' }} />,
  );
  await act(async () => {});
  return { get, post, ui };
}

afterEach(() => jest.restoreAllMocks());

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

test('it opens on today in the business time zone: the run’s figures, each charge, failures with their reason in words', async () => {
  const { get } = await shown();
  expect(get).toHaveBeenCalledWith('/admin/api/payments/autopay', { date: '2026-11-27' }, undefined);
  expect(screen.getByLabelText('Day (Asia/Shanghai)')).toHaveValue('2026-11-27');
  const figures = screen.getByRole('region', { name: 'Autopay run, 2026-11-27 (Asia/Shanghai)' });
  expect(
    within(figures)
      .getAllByRole('term')
      .map((term) => term.textContent),
  ).toEqual(['Due from signed borrowers', 'Paused by finance, not charged', 'Charged', 'Failed', 'In flight', 'Refused by a limit']);
  expect(within(figures).getAllByRole('definition')[0]).toHaveTextContent('¥16,400.68 · 3');
  const table = screen.getByRole('table', { name: 'Charges made on 2026-11-27 (Asia/Shanghai)' });
  const [, paid, short, capped, refused] = within(table)
    .getAllByRole('row')
    .filter((row) => !row.hidden);
  expect(cells(paid).slice(0, 6)).toEqual([
    'Wang Fang13800001234',
    'L20261027000001Attempt 1',
    '¥4,100.17',
    'Charged',
    '',
    '▸ Details of L20261027000001 · Attempt 1',
  ]);
  expect(cells(short)[4]).toBe('Not enough money in the borrower’s Alipay');
  expect(cells(capped)[4]).toBe('Above the most one charge may take');
  expect(cells(refused)[3]).toBe('FailedAutopay paused');
  expect(cells(refused)[4]).toBe('Alipay refused it (ACQ.RISK)');
  // When it was charged, and for which due date, in the row's details.
  const details = within(paid).getByRole('button', { name: 'Details of L20261027000001 · Attempt 1' });
  fireEvent.click(details);
  const opened = document.getElementById(details.getAttribute('aria-controls')!)!;
  expect(opened).toBeVisible();
  expect(opened).toHaveTextContent('2026-11-27 10:05');
});

test('another day is asked for when picked', async () => {
  const { get } = await shown();
  fireEvent.change(screen.getByLabelText('Day (Asia/Shanghai)'), { target: { value: '2026-11-20' } });
  await act(async () => {});
  expect(get).toHaveBeenLastCalledWith('/admin/api/payments/autopay', { date: '2026-11-20' }, undefined);
});

test('finance pauses a borrower’s autopay after confirming, and resumes a paused one', async () => {
  const { post, ui } = await shown();
  fireEvent.click(screen.getAllByRole('button', { name: 'Pause autopay' })[1]);
  await act(async () => {});
  expect(ui.confirm).toHaveBeenCalledWith(
    'Pause autopay for Zhang Wei (13800001234)? Their due amounts are not charged until autopay is resumed.',
    { confirmText: 'Pause autopay', cancelText: 'cancel' },
  );
  expect(post).toHaveBeenCalledWith('/admin/api/users/8/autopay/pause', undefined, undefined);
  fireEvent.click(screen.getByRole('button', { name: 'Resume autopay' }));
  await act(async () => {});
  expect(post).toHaveBeenLastCalledWith('/admin/api/users/10/autopay/resume', undefined, undefined);
});

test('nothing is paused when the operator does not confirm', async () => {
  const { post, ui } = await shown();
  ui.confirm.mockResolvedValue(false);
  fireEvent.click(screen.getAllByRole('button', { name: 'Pause autopay' })[0]);
  await act(async () => {});
  expect(post).not.toHaveBeenCalled();
});

test('support and the auditor read the run without any action', async () => {
  await shown({ roles: ['support'] });
  expect(screen.getAllByRole('row').length).toBeGreaterThan(1);
  expect(screen.queryByRole('button', { name: /autopay/ })).toBeNull();
  jest.restoreAllMocks();
  document.body.innerHTML = '';
  await shown({ roles: ['auditor'], readOnly: true });
  expect(screen.getByRole('table')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /autopay/ })).toBeNull();
});

test('in Chinese', async () => {
  await shown({ locale: 'zh-CN' });
  expect(screen.getByRole('region', { name: '自动扣款，2026-11-27 (Asia/Shanghai)' })).toBeInTheDocument();
  const table = screen.getByRole('table', { name: '2026-11-27 的扣款 (Asia/Shanghai)' });
  expect(within(table).getByText('借款人支付宝余额不足')).toBeInTheDocument();
  expect(within(table).getAllByRole('button', { name: '暂停自动还款' })).toHaveLength(3);
  expect(within(table).getByRole('button', { name: '恢复自动还款' })).toBeInTheDocument();
});
