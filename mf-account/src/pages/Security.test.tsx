import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { loginUserinfo } from '@instalment/testing/fixtures';
import Security from './Security';

let t: ReturnType<typeof createTestHost>;

beforeEach(() => {
  window.localStorage.clear();
  t = createTestHost();
  t.host.session.setLogin(loginUserinfo());
});

const input = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'change password' });

async function fill(user: ReturnType<typeof userEvent.setup>, confirm = 'fresh456') {
  await user.type(input('current password'), 'secret1');
  await user.type(input('new password'), 'fresh456');
  await user.type(input('confirm password'), confirm);
}

test('changes the password, says other devices were logged out, and goes back', async () => {
  const user = userEvent.setup();
  t.api.user.changePassword.mockResolvedValue(null);
  renderPage(Security, t.host);
  await fill(user);
  await user.click(submit());
  expect(t.api.user.changePassword).toHaveBeenCalledWith({ oldpassword: 'secret1', newpassword: 'fresh456' }, { toast: false });
  expect(t.ui.toast).toHaveBeenCalledWith('Your password has been changed. Your other devices have been logged out.', 'success');
});

test('a wrong current password is shown once under the form, which keeps its input', async () => {
  const user = userEvent.setup();
  t.api.user.changePassword.mockRejectedValue(new ApiError('The current password is incorrect.', 0));
  renderPage(Security, t.host);
  await fill(user);
  await user.click(submit());
  expect(await screen.findByText('The current password is incorrect.')).toHaveAttribute('role', 'alert');
  expect(t.ui.toast).not.toHaveBeenCalled();
  expect(input('current password')).toHaveValue('secret1');
});

test('mismatched passwords are refused before any call', async () => {
  const user = userEvent.setup();
  renderPage(Security, t.host);
  await fill(user, 'other456');
  await user.click(submit());
  expect(t.api.user.changePassword).not.toHaveBeenCalled();
  expect(input('confirm password')).toHaveAccessibleDescription('The two passwords do not match.');
});
