import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { loginUserinfo } from '@instalment/testing/fixtures';
import ChangeMobile from './ChangeMobile';

let t: ReturnType<typeof createTestHost>;

beforeEach(() => {
  window.localStorage.clear();
  t = createTestHost();
  t.host.session.setLogin(loginUserinfo({ mobile: '13812345678' }));
});

const submit = () => screen.getByRole('button', { name: 'change phone number' });

test('moves the account to the new phone: the session shows it, and the page goes back', async () => {
  const user = userEvent.setup();
  t.api.user.changeMobile.mockResolvedValue({
    welcome: 'Li Lei',
    id: 7,
    username: '13998765432',
    nickname: 'Li Lei',
    mobile: '13998765432',
    email: '',
    avatar: '',
    money: '0.00',
    score: 0,
    level: 1,
    bio: '',
    sms_reminders: true,
  });
  renderPage(ChangeMobile, t.host);
  await user.type(screen.getByLabelText('new phone number'), '13998765432');
  await user.type(screen.getByLabelText('verification code'), '4321');
  await user.click(submit());
  expect(t.api.user.changeMobile).toHaveBeenCalledWith({ mobile: '13998765432', captcha: '4321' }, { toast: false });
  expect(t.host.session.userInfo?.phone).toBe('13998765432');
  expect(t.ui.toast).toHaveBeenCalledWith('Your phone number has been changed.', 'success');
});

test('a wrong code is shown under the form, which keeps what was typed', async () => {
  const user = userEvent.setup();
  t.api.user.changeMobile.mockRejectedValue(new ApiError('Captcha is incorrect', 0));
  renderPage(ChangeMobile, t.host);
  await user.type(screen.getByLabelText('new phone number'), '13998765432');
  await user.type(screen.getByLabelText('verification code'), '4321');
  await user.click(submit());
  expect(await screen.findByText('Captcha is incorrect')).toHaveAttribute('role', 'alert');
  expect(screen.getByLabelText('new phone number')).toHaveValue('13998765432');
  expect(t.host.session.userInfo?.phone).toBe('13812345678');
});

test('an invalid phone is refused before anything is sent', async () => {
  const user = userEvent.setup();
  renderPage(ChangeMobile, t.host);
  await user.type(screen.getByLabelText('new phone number'), '1234');
  await user.click(submit());
  expect(t.api.user.changeMobile).not.toHaveBeenCalled();
  expect(screen.getByLabelText('new phone number')).toHaveFocus();
});
