import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CURRENT_AGREEMENT } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { createTestHost, renderPage } from '@instalment/testing/host';
import { FAR_EXPIRY, loginUserinfo } from '@instalment/testing/fixtures';
import Register from './Register';

let t: ReturnType<typeof createTestHost>;

beforeEach(() => {
  window.localStorage.clear();
  t = createTestHost();
});

const input = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'register' });

test('draws its own bar with the register h1', () => {
  renderPage(Register, t.host);
  expect(screen.getByRole('heading', { level: 1, name: 'register' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'back' })).toBeInTheDocument();
});

test.each([
  ['phone number', '1381234567', 'Enter an 11-digit phone number starting with 13-19.'],
  ['verification code', '12a', 'The verification code has 4 to 6 digits.'],
  ['password', 'abcdefg', 'Use 6-20 letters, digits or @$!%*#?&, with at least one letter and one digit.'],
  ['e-mail (optional)', 'name@example', 'Enter a valid e-mail address, like name@example.com.'],
])('leaving %s with a bad value shows why', async (label, value, message) => {
  const user = userEvent.setup();
  renderPage(Register, t.host);
  await user.type(input(label), value);
  expect(screen.queryByText(message)).not.toBeInTheDocument();
  await user.tab();
  expect(input(label)).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(input(label)).toHaveAttribute('aria-invalid', 'true');
});

test('a confirmation that differs from the password says so on blur, and clears once it matches', async () => {
  const user = userEvent.setup();
  renderPage(Register, t.host);
  await user.type(input('password'), 'abc123');
  await user.type(input('confirm password'), 'abc124');
  await user.tab();
  expect(input('confirm password')).toHaveAccessibleDescription('The two passwords do not match.');
  await user.clear(input('confirm password'));
  await user.type(input('confirm password'), 'abc123');
  expect(screen.queryByText('The two passwords do not match.')).not.toBeInTheDocument();
});

test('submit shows every message at once, focuses the first field and sends nothing', async () => {
  const user = userEvent.setup();
  renderPage(Register, t.host);
  await user.click(submit());
  expect(screen.getByText('Enter your phone number.')).toBeInTheDocument();
  expect(screen.getByText('Enter the verification code.')).toBeInTheDocument();
  expect(screen.getByText('Enter a password.')).toBeInTheDocument();
  expect(input('confirm password')).toHaveAccessibleDescription('This field is required.');
  expect(input('e-mail (optional)')).not.toHaveAttribute('aria-invalid');
  expect(input('phone number')).toHaveFocus();
  expect(t.api.user.register).not.toHaveBeenCalled();
});

test('submit with bad values shows each rule and the mismatch', async () => {
  const user = userEvent.setup();
  renderPage(Register, t.host);
  await user.type(input('phone number'), '23812345678');
  await user.type(input('verification code'), '123');
  await user.type(input('password'), '12345678');
  await user.type(input('confirm password'), '1234567');
  await user.type(input('e-mail (optional)'), 'x@');
  await user.click(submit());
  expect(screen.getByText('Enter an 11-digit phone number starting with 13-19.')).toBeInTheDocument();
  expect(screen.getByText('The verification code has 4 to 6 digits.')).toBeInTheDocument();
  expect(
    screen.getByText('Use 6-20 letters, digits or @$!%*#?&, with at least one letter and one digit.', { selector: '[role=alert]' }),
  ).toBeInTheDocument();
  expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument();
  expect(screen.getByText('Enter a valid e-mail address, like name@example.com.')).toBeInTheDocument();
  expect(t.api.user.register).not.toHaveBeenCalled();
});

test('the code is sent for the register event, once the phone is valid', async () => {
  const user = userEvent.setup();
  t.api.user.sendSms.mockResolvedValue(null);
  renderPage(Register, t.host);
  await user.click(screen.getByRole('button', { name: 'send code' }));
  expect(screen.getByText('Enter your phone number.')).toBeInTheDocument();
  expect(t.api.user.sendSms).not.toHaveBeenCalled();
  await user.type(input('phone number'), '13912345678');
  await user.click(screen.getByRole('button', { name: 'send code' }));
  expect(t.api.user.sendSms).toHaveBeenCalledWith({ mobile: '13912345678', event: 'register' });
  expect(screen.getByRole('button', { name: 'resend in 60s' })).toBeDisabled();
});

async function fillValid(user: ReturnType<typeof userEvent.setup>, email = '') {
  await user.type(input('phone number'), '13912345678');
  await user.type(input('verification code'), '8888');
  await user.type(input('password'), 'abc123');
  await user.type(input('confirm password'), 'abc123');
  if (email) await user.type(input('e-mail (optional)'), email);
  await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
}

test('registering needs consent to the terms and the privacy policy, both readable in a new tab', async () => {
  const user = userEvent.setup();
  renderPage(Register, t.host);
  await user.type(input('phone number'), '13912345678');
  await user.type(input('verification code'), '8888');
  await user.type(input('password'), 'abc123');
  await user.type(input('confirm password'), 'abc123');
  await user.click(submit());
  expect(t.api.user.register).not.toHaveBeenCalled();
  const consent = screen.getByRole('checkbox', { name: /I have read and agree/ });
  expect(consent).toHaveFocus();
  expect(consent).toHaveAccessibleDescription('Please agree to the terms of service and the privacy policy.');
  expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('target', '_blank');
  expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('target', '_blank');
});

test('a successful registration logs the user in and returns them', async () => {
  const user = userEvent.setup();
  t.api.user.register.mockResolvedValue({
    userinfo: loginUserinfo({ token: 'new-token', mobile: '13912345678', username: '13912345678' }),
  });
  renderPage(Register, t.host);
  await fillValid(user);
  await user.click(submit());
  // The versions of the texts the box links to, as agreed to there.
  expect(t.api.user.register).toHaveBeenCalledWith(
    { ...CURRENT_AGREEMENT, mobile: '13912345678', code: '8888', password: 'abc123', email: '' },
    { toast: false },
  );
  expect(window.localStorage.getItem('token')).toBe('new-token');
  expect(window.localStorage.getItem('tokenExpireTime')).toBe(String(FAR_EXPIRY));
  expect(JSON.parse(window.localStorage.getItem('userInfo')!)).toMatchObject({ phone: '13912345678', username: '13912345678' });
  expect(t.host.session.isLoggedIn).toBe(true);
  expect(t.nav.finishLogin).toHaveBeenCalledTimes(1);
});

test('a refused registration keeps the form and shows the reason', async () => {
  const user = userEvent.setup();
  t.api.user.register.mockRejectedValue(new ApiError('Mobile already exists', 0));
  renderPage(Register, t.host);
  await fillValid(user, 'li@example.com');
  await user.click(submit());
  expect(t.api.user.register).toHaveBeenCalledWith(expect.objectContaining({ email: 'li@example.com' }), { toast: false });
  expect(await screen.findByText('Mobile already exists')).toHaveAttribute('role', 'alert');
  expect(input('phone number')).toHaveValue('13912345678');
  expect(input('password')).toHaveValue('abc123');
  expect(input('e-mail (optional)')).toHaveValue('li@example.com');
  expect(submit()).toBeEnabled();
  expect(t.host.session.isLoggedIn).toBe(false);
  expect(t.nav.finishLogin).not.toHaveBeenCalled();
});

test('links to login', async () => {
  const user = userEvent.setup();
  renderPage(Register, t.host);
  await user.click(screen.getByRole('link', { name: 'log in' }));
  expect(t.nav.navigate).toHaveBeenCalledWith('/pages/login/login', undefined);
});
