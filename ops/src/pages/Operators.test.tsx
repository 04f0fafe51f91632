import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN_ENDPOINTS, type OperatorCreated, type StaffOperator } from '@instalment/contract/api';
import { HostContext } from '@instalment/host-sdk/host';
import { createOpsHost } from '../host';
import { Operators } from './Operators';

const ANN: StaffOperator = {
  username: 'ann',
  roles: ['reviewer'],
  disabled: false,
  created_at: '2026-11-26T01:00:00.000Z',
  roles_awaiting: null,
};
/** The signed-in admin's own account, which a second admin changes. */
const SELF: StaffOperator = { ...ANN, username: 'root.admin', roles: ['admin'] };
const CREATED: OperatorCreated = {
  credentials: {
    username: 'bob.finance',
    password: 'one-time-password',
    totp_secret: 'JBSWY3DPEHPK3PXP',
    otpauth: 'otpauth://totp/Instalment%20operations:bob.finance?secret=JBSWY3DPEHPK3PXP',
  },
  roles: [],
  approval_id: 9,
};

/** The console's own host, its screen recorded and its HTTP client answering as the API would. */
async function shown(locale: 'en' | 'zh-CN' = 'en') {
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const host = createOpsHost('http://api.test', ui, jest.fn());
  host.locale.set(locale);
  const get = jest.spyOn(host.http, 'get').mockResolvedValue([ANN, SELF]);
  const post = jest.spyOn(host.http, 'post').mockResolvedValue(CREATED);
  render(
    <HostContext.Provider value={host}>
      <Operators query={{}} operator={{ username: SELF.username, roles: SELF.roles, business_timezone: 'Asia/Shanghai' }} />
    </HostContext.Provider>,
  );
  await act(async () => {});
  return { ui, get, post };
}

test('an admin creates an account and sees its password and secret once, the secret also as a QR code', async () => {
  const { post, ui } = await shown();
  const form = screen.getByRole('form', { name: 'New operator' });
  fireEvent.change(within(form).getByRole('textbox', { name: 'Username' }), { target: { value: 'bob.finance' } });
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Finance' }));
  await act(async () => {
    fireEvent.submit(form);
  });
  expect(post).toHaveBeenCalledWith(ADMIN_ENDPOINTS.operators, { username: 'bob.finance', roles: ['finance'] }, undefined);
  expect(screen.getByRole('heading', { name: 'Sign-in details for bob.finance' })).toBeInTheDocument();
  expect(screen.getByTestId('new-password')).toHaveTextContent('one-time-password');
  expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
  expect(await screen.findByRole('img', { name: 'QR code of the authenticator secret for bob.finance' })).toHaveAttribute(
    'src',
    expect.stringMatching(/^data:image\/svg\+xml/),
  );
  expect(ui.toast).toHaveBeenCalledWith('Finance and admin roles wait for a second admin: approval #9.', 'info');
  fireEvent.click(screen.getByRole('button', { name: 'Handed over: hide them' }));
  expect(screen.queryByTestId('new-password')).toBeNull();
});

test('disabling asks first, and a refusal of the confirmation sends nothing', async () => {
  const { post, ui } = await shown();
  ui.confirm.mockResolvedValueOnce(false);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith('Disable ann? They are signed out at once and cannot sign in again.');
  expect(post).not.toHaveBeenCalled();
});

test('the roles and the actions speak Chinese', async () => {
  await shown('zh-CN');
  expect(screen.getByRole('cell', { name: '审批员' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '重置验证器密钥' })).toBeInTheDocument();
});

test("the admin's own account offers no change, which the server would refuse", async () => {
  await shown();
  const own = screen.getByRole('row', { name: /root\.admin/ });
  expect(own).toHaveTextContent('Your own account: a second admin changes it.');
  expect(within(own).queryByRole('button')).toBeNull();
  expect(within(screen.getByRole('row', { name: /^ann/ })).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
});
