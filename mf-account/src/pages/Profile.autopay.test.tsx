import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Autopay } from '@instalment/contract/api';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { loginUserinfo } from '@instalment/testing/fixtures';
import Profile from './Profile';

/** "mine"'s row for automatic repayment (issue 52). */
const agreement = (extra: Partial<Autopay>): Autopay => ({
  offered: true,
  state: 'none',
  terms_version: '2026-11-27',
  signed_at: null,
  ended_at: null,
  hours: [10, 16, 20],
  time_zone: 'Asia/Shanghai',
  charge_cap: '50000.00',
  monthly_cap: '500000.00',
  charges: [],
  ...extra,
});

async function renderWith(answer: Autopay, locale: 'en' | 'zh-CN' = 'en') {
  const t = createTestHost({ locale });
  t.api.user.userIndex.mockRejectedValue(new Error('not asked here'));
  t.api.autopay.autopay.mockResolvedValue(answer);
  t.host.session.setLogin(loginUserinfo());
  renderPage(Profile, t.host);
  await act(async () => {});
  return t;
}

test('a row "Automatic repayment" shows the state and opens the autopay page', async () => {
  const t = await renderWith(agreement({ state: 'active' }));

  const row = screen.getByRole('button', { name: 'Automatic repayment' });
  expect(row).toHaveAccessibleDescription('on');
  await userEvent.click(row);
  expect(t.navigate).toHaveBeenCalledWith('/pages/payment/autopay');
});

test('in Chinese, with the state as the server answers it', async () => {
  await renderWith(agreement({ state: 'ended' }), 'zh-CN');

  expect(screen.getByRole('button', { name: '自动还款' })).toHaveAccessibleDescription('已关闭');
});
