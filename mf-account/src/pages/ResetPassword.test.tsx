import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import Login from './Login';
import ResetPassword from './ResetPassword';

let t: ReturnType<typeof createTestHost>;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  t = createTestHost();
});

const input = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'reset password' });

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('phone number'), '13812345678');
  await user.type(input('verification code'), '123456');
  await user.type(input('new password'), 'fresh456');
}

test('sends a resetpwd code and resets the password, then goes to login', async () => {
  const user = userEvent.setup();
  t.api.user.sendSms.mockResolvedValue(null);
  t.api.user.resetPassword.mockResolvedValue(null);
  renderPage(ResetPassword, t.host);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('reset password');
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'send code' }));
  expect(t.api.user.sendSms).toHaveBeenCalledWith({ mobile: '13812345678', event: 'resetpwd' });
  await user.click(submit());
  expect(t.api.user.resetPassword).toHaveBeenCalledWith(
    { mobile: '13812345678', captcha: '123456', newpassword: 'fresh456' },
    { toast: false },
  );
  expect(t.ui.toast).toHaveBeenCalledWith('Your password has been reset. Log in with the new one.', 'success');
  expect(t.nav.navigate).toHaveBeenCalledWith('/pages/login/login', {}, { replace: true });
});

test('a refusal is shown once under the form, which keeps its input', async () => {
  const user = userEvent.setup();
  t.api.user.resetPassword.mockRejectedValue(new ApiError('The verification code is incorrect. 4 tries left.', 0));
  renderPage(ResetPassword, t.host);
  await fill(user);
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent('The verification code is incorrect. 4 tries left.');
  expect(t.ui.toast).not.toHaveBeenCalled();
  expect(input('new password')).toHaveValue('fresh456');
  expect(t.nav.navigate).not.toHaveBeenCalled();
});

test('a weak new password is refused before any call, with its rule', async () => {
  const user = userEvent.setup();
  renderPage(ResetPassword, t.host);
  await user.type(input('phone number'), '13812345678');
  await user.type(input('verification code'), '123456');
  await user.type(input('new password'), 'abc');
  await user.click(submit());
  expect(t.api.user.resetPassword).not.toHaveBeenCalled();
  expect(input('new password')).toHaveAccessibleDescription(/Use 6-20 letters/);
});

test('login links to it, and names it beside the lockout message', async () => {
  const user = userEvent.setup();
  t.api.user.login.mockRejectedValue(new ApiError('Too many wrong passwords. Try again in 15 min, or log in with an SMS code.', 0));
  renderPage(Login, t.host);
  await user.click(screen.getByRole('tab', { name: 'password login' }));
  await user.type(input('account'), '13812345678');
  await user.type(input('password'), 'wrong123');
  await user.click(screen.getByRole('button', { name: 'log in' }));
  expect(await screen.findByText('Locked out of password login?')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'forgot password?' }));
  expect(t.nav.navigate).toHaveBeenCalledWith('/pages/login/resetpwd', undefined);
});

test('the show-password control reveals and hides what was typed', async () => {
  const user = userEvent.setup();
  renderPage(ResetPassword, t.host);
  await user.type(input('new password'), 'fresh456');
  const toggle = screen.getByRole('button', { name: 'show password' });
  expect(input('new password')).toHaveAttribute('type', 'password');
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await user.click(toggle);
  expect(input('new password')).toHaveAttribute('type', 'text');
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await user.click(toggle);
  expect(input('new password')).toHaveAttribute('type', 'password');
  expect(input('new password')).toHaveValue('fresh456');
});
