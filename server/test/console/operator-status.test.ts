import { ADMIN_ENDPOINTS, adminPath, type Approval, type OperatorEnabled, type ConsoleOperator } from '@instalment/contract/api';
import { authenticator } from 'otplib';
import { startServer, type TestServer } from '../helpers';
import { operatorsOf, type LoggedInOperator } from '../operators';
import { request } from '../system/security/traffic';

let server: TestServer;
beforeAll(async () => {
  // Two wrong passwords from one address make the next try from it wait.
  server = await startServer({ limits: { loginFailuresPerAccount: 2 } });
});
afterAll(() => server.close());
const { operator, loggedIn } = operatorsOf(() => server);

const login = (username: string, password: string, totp: string) =>
  request(server.baseURL, 'POST', ADMIN_ENDPOINTS.login, { username, password, totp });
const codeOf = (secret: string) => authenticator.clone({ epoch: server.clock.now }).generate(secret);
const statusOf = async (admin: LoggedInOperator, username: string) =>
  (await admin.data<ConsoleOperator[]>('GET', ADMIN_ENDPOINTS.operators)).find((row) => row.username === username)!;

test('an operator shut out by failed logins lists as locked until an admin unlocks them', async () => {
  const admin = await loggedIn(['admin']);
  const locked = await operator(['support']);
  expect(await statusOf(admin, locked.username)).toMatchObject({ locked: false, disabled: false });
  for (const _ of [1, 2]) expect((await login(locked.username, 'Wrong1234', '000000')).body.code).toBe(0);
  expect(await statusOf(admin, locked.username)).toMatchObject({ locked: true, disabled: false });

  expect((await admin.call('POST', adminPath(ADMIN_ENDPOINTS.unlockOperator, { username: locked.username }))).body.code).toBe(1);
  expect(await statusOf(admin, locked.username)).toMatchObject({ locked: false });
  expect((await login(locked.username, locked.password, codeOf(locked.totp_secret))).body.code).toBe(1);
});

test('a disabled operator without a privileged role is enabled again at once and signs in', async () => {
  const admin = await loggedIn(['admin']);
  const editor = await operator(['editor']);
  await admin.data('POST', adminPath(ADMIN_ENDPOINTS.disableOperator, { username: editor.username }));
  expect(await statusOf(admin, editor.username)).toMatchObject({ disabled: true });

  const enabled = await admin.data<OperatorEnabled>('POST', adminPath(ADMIN_ENDPOINTS.enableOperator, { username: editor.username }));
  expect(enabled).toEqual({ username: editor.username, approval_id: null });
  expect(await statusOf(admin, editor.username)).toMatchObject({ disabled: false, enable_awaiting: null });
  expect((await login(editor.username, editor.password, codeOf(editor.totp_secret))).body.code).toBe(1);
  // Enabled already: nothing to enable.
  const again = await admin.call('POST', adminPath(ADMIN_ENDPOINTS.enableOperator, { username: editor.username }));
  expect(again.body).toMatchObject({ code: 0, msg: 'This operator is not disabled.' });
});

test('enabling a privileged operator again waits for a second admin, who reads it in words', async () => {
  const [admin, second] = await Promise.all([loggedIn(['admin']), loggedIn(['admin'])]);
  const finance = await operator(['finance']);
  const username = finance.username;
  await admin.data('POST', adminPath(ADMIN_ENDPOINTS.disableOperator, { username }));

  const asked = await admin.data<OperatorEnabled>('POST', adminPath(ADMIN_ENDPOINTS.enableOperator, { username }));
  expect(asked.approval_id).not.toBeNull();
  expect(await statusOf(admin, username)).toMatchObject({ disabled: true, enable_awaiting: asked.approval_id });
  expect((await login(username, finance.password, codeOf(finance.totp_secret))).body.code).toBe(0);

  const waiting = await second.data<{ list: Approval[] }>('GET', `${ADMIN_ENDPOINTS.approvals}?status=awaiting`);
  expect(waiting.list.find((approval) => approval.id === asked.approval_id)).toMatchObject({
    kind: 'operator.enable',
    subject: { about: 'account', username, change: 'enable', roles: ['finance'] },
  });
  const id = asked.approval_id!;
  expect((await admin.call('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id }))).body.code).toBe(0);
  expect((await second.data<Approval>('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id }))).status).toBe('approved');
  expect(await statusOf(admin, username)).toMatchObject({ disabled: false, enable_awaiting: null });
  server.clock.advance(30_000);
  expect((await login(username, finance.password, codeOf(finance.totp_secret))).body.code).toBe(1);
});
