import { screen, within } from '@testing-library/react';
import type { OverdueLoan } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsoleOverdue from './ConsoleOverdue';

/** The loan: ¥1,390.95 of instalment and ¥7.53 of penalty, ¥1,398.48 to pay today. */
const LOAN: OverdueLoan = {
  order_no: 'L20261115000001',
  mobile: '13800001234',
  real_name: 'Li Lei',
  overdue_periods: [1],
  overdue_days: 11,
  overdue_amount: '1398.48',
  penalty: '7.53',
};

async function shown(locale: 'en' | 'zh-CN') {
  const { host } = createTestHost({ locale });
  jest.spyOn(host.http, 'get').mockResolvedValue([LOAN]);
  renderWithHost(host, <ConsoleOverdue />);
  const table = await screen.findByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const cells = [...within(table).getAllByRole('row')[1].children].map((cell) => cell.textContent);
  return Object.fromEntries(headers.map((header, index) => [header, cells[index]]));
}

test('the overdue amount reads as what the borrower must pay today, penalty included', async () => {
  expect(await shown('en')).toMatchObject({ 'Owed today, penalty included': '¥1,398.48', Penalty: '¥7.53' });
});

test('and in Chinese', async () => {
  expect(await shown('zh-CN')).toMatchObject({ '今日应还（含罚息）': '¥1,398.48', 罚息: '¥7.53' });
});
