import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Settings } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import ConsoleReceiving from './ConsoleReceiving';

const SETTINGS: Pick<Settings, 'payment_channels' | 'bank_info'> = {
  payment_channels: [
    { code: 'alipay', name: 'Alipay', kind: 'gateway', description: 'Pay in the Alipay app', enabled: true },
    { code: 'transfer', name: 'Bank transfer', kind: 'transfer', description: 'Transfer, then upload the receipt', enabled: false },
  ],
  bank_info: {
    account_name: 'Instalment Finance Co., Ltd.',
    account_no: '310066726018800012345',
    bank_name: 'Bank of Communications',
    branch: 'Shanghai Pudong',
    remark_hint: 'Your order number',
  },
};

async function shown(locale: 'en' | 'zh-CN' = 'en') {
  const { host, ui } = createTestHost({ locale });
  jest.spyOn(host.http, 'get').mockResolvedValue({ loan_rates: {}, ...SETTINGS });
  const posted = jest.spyOn(host.http, 'post').mockResolvedValue({ approval_id: 12, status: 'awaiting' });
  renderWithHost(host, <ConsoleReceiving />);
  await screen.findAllByRole('switch');
  return { posted, ui, user: userEvent.setup() };
}

test('a switch per channel asks for the channels with only the switched one changed', async () => {
  const { posted, ui, user } = await shown();
  await user.click(screen.getByRole('switch', { name: 'Bank transfer (transfer) offered at the cashier' }));
  const channels = screen.getByRole('form', { name: 'Payment channels offered at the cashier' });
  await user.click(within(channels).getByRole('button', { name: 'Ask to change' }));
  expect(posted).toHaveBeenCalledWith(
    '/admin/api/settings/payment_channels',
    { value: [SETTINGS.payment_channels[0], { ...SETTINGS.payment_channels[1], enabled: true }] },
    { toast: false },
  );
  expect(ui.toast).toHaveBeenCalledWith('Waiting for a second operator (approval #12).', 'info');
});

test('a new account number is asked for once typed the same twice', async () => {
  const { posted, user } = await shown();
  const account = screen.getByRole('form', { name: 'The account borrowers transfer to' });
  await user.clear(within(account).getByLabelText('Account number'));
  await user.type(within(account).getByLabelText('Account number'), '6222020200112233');
  await user.clear(within(account).getByLabelText('Account number again'));
  await user.type(within(account).getByLabelText('Account number again'), '6222020200112233');
  await user.click(within(account).getByRole('button', { name: 'Ask to change' }));
  expect(posted).toHaveBeenCalledWith(
    '/admin/api/settings/bank_info',
    { value: { ...SETTINGS.bank_info, account_no: '6222020200112233' } },
    { toast: false },
  );
});

test.each([
  ['en', 'The account borrowers transfer to', 'Account number', 'Ask to change', 'The two account numbers do not match.'],
  ['zh-CN', '借款人转账的收款账户', '账号', '发起修改', '两次输入的账号不一致。'],
] as const)('in %s, account numbers that differ are refused without a request, as typed', async (locale, form, label, ask, mismatch) => {
  const { posted, user } = await shown(locale);
  const account = screen.getByRole('form', { name: form });
  const number = within(account).getByLabelText(label);
  await user.clear(number);
  await user.type(number, '6222020200112233');
  await user.click(within(account).getByRole('button', { name: ask }));
  expect(await within(account).findByText(mismatch)).toBeInTheDocument();
  expect(posted).not.toHaveBeenCalled();
  expect(number).toHaveValue('6222020200112233');
});
