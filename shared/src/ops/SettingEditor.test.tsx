import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/shared/http';
import { createTestHost, renderWithHost } from '@instalment/shared/testing';
import { SettingEditor } from './SettingEditor';

const BANK = { account_name: 'Instalment Finance Co., Ltd.', account_no: '310066726018800012345' };

function setup(post: (url: string, body?: unknown) => Promise<unknown>) {
  const test = createTestHost();
  jest.spyOn(test.host.http, 'get').mockResolvedValue({ loan_rates: {}, payment_channels: [], bank_info: BANK });
  const posted = jest.spyOn(test.host.http, 'post').mockImplementation(post as never);
  renderWithHost(test.host, <SettingEditor setting="bank_info" label="Receiving account" />);
  return { ...test, posted, user: userEvent.setup() };
}

describe('SettingEditor', () => {
  it('shows the setting as JSON and asks a second operator to approve the edited value', async () => {
    const { posted, ui, user } = setup(async () => ({ approval_id: 4, status: 'awaiting' }));
    const value = await screen.findByLabelText('Value (JSON)');
    expect(JSON.parse((value as HTMLTextAreaElement).value)).toEqual(BANK);
    await user.clear(value);
    await user.click(value);
    await user.paste('{"account_name":"Instalment Finance","account_no":"6222"}');
    await user.click(screen.getByRole('button', { name: 'Ask to change' }));
    expect(posted).toHaveBeenCalledWith(
      '/admin/api/settings/bank_info',
      { value: { account_name: 'Instalment Finance', account_no: '6222' } },
      { toast: false },
    );
    expect(ui.toast).toHaveBeenCalledWith('Waiting for a second operator (approval #4).', 'info');
  });

  it('refuses text that is not JSON without asking the server, and keeps it as typed', async () => {
    const { posted, user } = setup(async () => ({}));
    const value = await screen.findByLabelText('Value (JSON)');
    await user.type(value, ',oops');
    await user.click(screen.getByRole('button', { name: 'Ask to change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not valid JSON');
    expect(posted).not.toHaveBeenCalled();
    expect((value as HTMLTextAreaElement).value).toMatch(/,oops$/);
  });

  it('shows the server’s refusal under the text', async () => {
    const { user } = setup(() => Promise.reject(new ApiError('The value of bank_info does not have the expected shape.', 0)));
    await user.click(await screen.findByRole('button', { name: 'Ask to change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The value of bank_info does not have the expected shape.');
  });
});
