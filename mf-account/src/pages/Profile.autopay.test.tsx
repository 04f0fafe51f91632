import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Autopay } from '@instalment/contract/api';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { autopayAgreement, loginUserinfo } from '@instalment/testing/fixtures';
import Profile from './Profile';

/** "mine"'s row for automatic repayment (issue 52), drawn from the borrower's agreement as the server answers it. */
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
  const t = await renderWith(autopayAgreement({ state: 'active' }));

  const row = screen.getByRole('button', { name: 'Automatic repayment' });
  expect(row).toHaveAccessibleDescription('on');
  await userEvent.click(row);
  expect(t.navigate).toHaveBeenCalledWith('/pages/payment/autopay');
});

test('in Chinese, with the state as the server answers it', async () => {
  await renderWith(autopayAgreement({ state: 'ended' }), 'zh-CN');

  expect(screen.getByRole('button', { name: '自动还款' })).toHaveAccessibleDescription('已关闭');
});
