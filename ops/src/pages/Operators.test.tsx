import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN_ENDPOINTS, type OperatorCreated, type ConsoleOperator } from '@instalment/contract/api';
import { HostContext } from '@instalment/host-sdk/host';
import { consoleScreen } from '@instalment/ui/console';
import { createConsoleHost } from '../host/createConsoleHost';
import { Operators } from './Operators';

const ANN: ConsoleOperator = {
  username: 'ann',
  roles: ['reviewer'],
  disabled: false,
  locked: false,
  created_at: '2026-11-26T01:00:00.000Z',
  roles_awaiting: null,
  disable_awaiting: null,
  enable_awaiting: null,
  totp_awaiting: null,
  confirm_awaiting: null,
};
/** The signed-in admin's own account, which a second admin changes. */
const SELF: ConsoleOperator = { ...ANN, username: 'root.admin', roles: ['admin'] };
const CREATED: OperatorCreated = {
  enrolment: { username: 'bob.finance', enrolment_code: 'one-time-enrolment-code', expires_at: '2026-11-27T01:00:00.000Z' },
  roles: [],
  approval_id: 9,
};

const Screen = consoleScreen(Operators);

/** The console's own host, its screen recorded and its HTTP client answering as the API would. */
async function shown(
  locale: 'en' | 'zh-CN' = 'en',
  accounts: ConsoleOperator[] = [ANN, SELF],
  answer: unknown = CREATED,
  readOnly = false,
) {
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const host = createConsoleHost('http://api.test', ui, jest.fn());
  host.locale.set(locale);
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(accounts);
  const post = jest.spyOn(host.http, 'post').mockResolvedValue(answer);
  render(
    <HostContext.Provider value={host}>
      <Screen
        query={{}}
        operator={{ username: SELF.username, roles: SELF.roles, business_timezone: 'Asia/Shanghai' }}
        readOnly={readOnly}
      />
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
  const ada: ConsoleOperator = { ...ANN, username: 'ada', roles: ['admin'], disable_awaiting: 14, confirm_awaiting: 15 };
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

test('the status column reads locked, disabled or active; a locked operator is offered Unlock', async () => {
  const locked: ConsoleOperator = { ...ANN, username: 'lou', locked: true };
  const gone: ConsoleOperator = { ...ANN, username: 'dee', disabled: true, locked: true };
  await shown('en', [ANN, locked, gone, SELF]);
  expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /^lou/ })).getByRole('cell', { name: 'Locked (failed sign-ins)' })).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /^lou/ })).getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /^dee/ })).getByRole('cell', { name: 'Disabled' })).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /^ann/ })).getByRole('cell', { name: 'Active' })).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /^ann/ })).queryByRole('button', { name: 'Unlock' })).toBeNull();
});

test('in Chinese the status column is headed 状态 and a locked operator reads 已锁定', async () => {
  await shown('zh-CN', [{ ...ANN, locked: true }, SELF]);
  expect(screen.getByRole('columnheader', { name: '状态' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: '已锁定（登录失败）' })).toBeInTheDocument();
});

test('a disabled operator is enabled again after a confirmation; a privileged one waits for a second admin', async () => {
  const { post, ui } = await shown('en', [{ ...ANN, disabled: true }, SELF], { username: 'ann', approval_id: 21 });
  const row = screen.getByRole('row', { name: /^ann/ });
  expect(within(row).queryByRole('button', { name: 'Disable' })).toBeNull();
  await act(async () => {
    fireEvent.click(within(row).getByRole('button', { name: 'Enable' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith('Enable ann again? They may sign in with their password and authenticator.');
  expect(post).toHaveBeenCalledWith(ADMIN_ENDPOINTS.enableOperator.replace(':username', 'ann'), undefined, undefined);
  expect(ui.toast).toHaveBeenCalledWith('Nothing has changed yet: it waits for a second admin, approval #21.', 'info');
});

test('an operator who may only read the screen (the auditor) reads the accounts without a form or an action', async () => {
  await shown('en', [{ ...ANN, locked: true }, { ...ANN, username: 'dee', disabled: true }, SELF], CREATED, true);
  expect(screen.getByRole('cell', { name: 'Locked (failed sign-ins)' })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'New operator' })).toBeNull();
  expect(screen.queryByRole('button')).toBeNull();
  expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
});

test("the username field's pattern is a valid expression as Chromium compiles it (the v flag), and judges as the server does", async () => {
  await shown();
  const pattern = within(screen.getByRole('form', { name: 'New operator' }))
    .getByRole('textbox', { name: 'Username' })
    .getAttribute('pattern')!;
  // How a browser reads `pattern` (HTML: the whole value, with the v flag).
  const field = new RegExp(`^(?:${pattern})$`, 'v');
  expect(['adm2', 'adm.ops-2', 'ops_3.night'].filter((name) => field.test(name))).toHaveLength(3);
  expect(['adm2-', 'adm..2', 'Adm2', 'ad'].filter((name) => field.test(name))).toEqual([]);
});
