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
  disable_awaiting: null,
  totp_awaiting: null,
  confirm_awaiting: null,
};
/** The signed-in admin's own account, which a second admin changes. */
const SELF: StaffOperator = { ...ANN, username: 'root.admin', roles: ['admin'] };
const CREATED: OperatorCreated = {
  enrolment: { username: 'bob.finance', enrolment_code: 'one-time-enrolment-code', expires_at: '2026-11-27T01:00:00.000Z' },
  roles: [],
  approval_id: 9,
};

/** The console's own host, its screen recorded and its HTTP client answering as the API would. */
async function shown(locale: 'en' | 'zh-CN' = 'en', accounts: StaffOperator[] = [ANN, SELF], answer: unknown = CREATED) {
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const host = createOpsHost('http://api.test', ui, jest.fn());
  host.locale.set(locale);
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(accounts);
  const post = jest.spyOn(host.http, 'post').mockResolvedValue(answer);
  render(
    <HostContext.Provider value={host}>
      <Operators query={{}} operator={{ username: SELF.username, roles: SELF.roles, business_timezone: 'Asia/Shanghai' }} />
    </HostContext.Provider>,
  );
  await act(async () => {});
  return { ui, get, post };
}

test('an admin creates an account and is shown, once, only the enrolment link and code to hand over: no password, no secret', async () => {
  const { post, ui } = await shown();
  const form = screen.getByRole('form', { name: 'New operator' });
  fireEvent.change(within(form).getByRole('textbox', { name: 'Username' }), { target: { value: 'bob.finance' } });
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Finance' }));
  await act(async () => {
    fireEvent.submit(form);
  });
  expect(post).toHaveBeenCalledWith(ADMIN_ENDPOINTS.operators, { username: 'bob.finance', roles: ['finance'] }, undefined);
  const handOver = screen.getByRole('region', { name: 'Enrolment link for bob.finance' });
  expect(within(handOver).getByTestId('enrolment-link')).toHaveTextContent(/#\/enrol\?code=one-time-enrolment-code$/);
  expect(within(handOver).getByTestId('enrolment-code')).toHaveTextContent('one-time-enrolment-code');
  expect(handOver).toHaveTextContent('until 2026-11-27 09:00');
  expect(screen.queryByRole('img')).toBeNull();
  expect(ui.toast).toHaveBeenCalledWith(expect.stringContaining('#9'), 'info');
  fireEvent.click(screen.getByRole('button', { name: 'Handed over: hide it' }));
  expect(screen.queryByTestId('enrolment-code')).toBeNull();
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
  expect(screen.getByRole('button', { name: '重置验证器' })).toBeInTheDocument();
});

test("the admin's own account offers no change, which the server would refuse", async () => {
  await shown();
  const own = screen.getByRole('row', { name: /root\.admin/ });
  expect(own).toHaveTextContent('Your own account: a second admin changes it.');
  expect(within(own).queryByRole('button')).toBeNull();
  expect(within(screen.getByRole('row', { name: /^ann/ })).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
});

test("an admin's change that waits for a second admin reads as waiting, not as done", async () => {
  const ada: StaffOperator = { ...ANN, username: 'ada', roles: ['admin'], disable_awaiting: 14, confirm_awaiting: 15 };
  const { ui } = await shown('en', [ada, SELF], { username: 'ada', approval_id: 16 });
  const row = screen.getByRole('row', { name: /^ada/ });
  expect(row).toHaveTextContent(
    'Active · disabling waits for a second admin (#14) · waits for a second admin to confirm the account (#15)',
  );
  await act(async () => {
    fireEvent.click(within(row).getByRole('button', { name: 'New authenticator' }));
  });
  expect(ui.toast).toHaveBeenCalledWith('Nothing has changed yet: it waits for a second admin, approval #16.', 'info');
  expect(screen.queryByTestId('enrolment-code')).toBeNull();
});
