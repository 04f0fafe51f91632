import {
  ADMIN_ENDPOINTS,
  adminPath,
  type Approval,
  type AuditEntry,
  type OperatorCreated,
  type OperatorEnrolment,
  type OperatorRole,
  type OperatorRolesChanged,
  type ConsoleOperator,
} from '@instalment/contract/api';
import { authenticator } from 'otplib';
import { startServer, type TestServer } from '../helpers';
import { enrolled, operatorsOf, type LoggedInOperator } from '../operators';
import { request } from '../system/security/traffic';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

let made = 0;
const newName = () => `staff.${(made += 1)}`;
const codeOf = (secret: string) => authenticator.clone({ epoch: server.clock.now }).generate(secret);
const login = (username: string, password: string, totp: string) =>
  request(server.baseURL, 'POST', ADMIN_ENDPOINTS.login, { username, password, totp });
const create = (admin: LoggedInOperator, username: string, roles: OperatorRole[]) =>
  admin.data<OperatorCreated>('POST', ADMIN_ENDPOINTS.operators, { username, roles });
/** The new account's enrolment, done by its operator with the code the admin was answered. */
const enrol = (enrolment: OperatorEnrolment) => enrolled(server.app.services.operators, enrolment, server.clock.now);
const latestAudit = async () => (await server.app.services.audit.list({ limit: 1, offset: 0 }))[0] as AuditEntry;

test('an admin creates an operator, who enrols with the one-time code answered and logs in; the audit keeps no code', async () => {
  const admin = await loggedIn(['admin']);
  const username = newName();
  const created = await create(admin, username, ['support', 'editor']);
  expect(created).toMatchObject({ roles: ['support', 'editor'], approval_id: null, enrolment: { username } });
  const account = await enrol(created.enrolment);
  const answer = await login(username, account.password, codeOf(account.totp_secret));
  expect(answer.body).toMatchObject({ code: 1, data: { roles: ['support', 'editor'] } });

  const filed = (await server.app.services.audit.list({ target: `operator:${username}`, limit: 10, offset: 0 })).find(
    (entry) => entry.action === 'operator.create',
  );
  expect(filed).toMatchObject({ username: admin.username, outcome: 'done' });
  expect(JSON.stringify(filed)).not.toContain(created.enrolment.enrolment_code);

  const listed = await admin.data<ConsoleOperator[]>('GET', ADMIN_ENDPOINTS.operators);
  expect(listed.find((operator) => operator.username === username)).toMatchObject({ roles: ['support', 'editor'], disabled: false });
});

test('granting finance or admin waits for a second admin; other roles change at once', async () => {
  const [admin, second] = await Promise.all([loggedIn(['admin']), loggedIn(['admin'])]);
  const username = newName();
  const created = await create(admin, username, ['finance']);
  expect(created.roles).toEqual([]);
  const id = created.approval_id!;
  expect((await admin.call('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id }))).body.msg).toBe(
    'A second operator must approve what you asked for.',
  );
  expect((await second.data<Approval>('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id }))).status).toBe('approved');
  const account = await enrol(created.enrolment);
  expect((await login(username, account.password, codeOf(account.totp_secret))).body.data).toMatchObject({
    roles: ['finance'],
  });

  const path = adminPath(ADMIN_ENDPOINTS.operatorRoles, { username });
  expect(await admin.data<OperatorRolesChanged>('POST', path, { roles: ['finance', 'auditor'] })).toEqual({
    username,
    roles: ['finance', 'auditor'],
    approval_id: null,
  });
  const asked = await admin.data<OperatorRolesChanged>('POST', path, { roles: ['admin'] });
  expect(asked).toMatchObject({ roles: ['finance', 'auditor'], approval_id: expect.any(Number) });
  const listed = await admin.data<ConsoleOperator[]>('GET', ADMIN_ENDPOINTS.operators);
  expect(listed.find((operator) => operator.username === username)).toMatchObject({ roles_awaiting: asked.approval_id });
});

test('a TOTP reset ends the old authenticator and every session at once; the operator enrols a new one keeping their password; disabling ends the account', async () => {
  const admin = await loggedIn(['admin']);
  const username = newName();
  const account = await enrol((await create(admin, username, ['editor'])).enrolment);
  const session = await login(username, account.password, codeOf(account.totp_secret));
  const token = (session.body.data as { token: string }).token;
  const reset = await admin.data<{ enrolment: OperatorEnrolment }>('POST', adminPath(ADMIN_ENDPOINTS.resetOperatorTotp, { username }));
  expect(JSON.stringify(reset)).not.toMatch(/password|totp_secret|otpauth/);
  expect((await request(server.baseURL, 'GET', ADMIN_ENDPOINTS.me, undefined, { authorization: `Bearer ${token}` })).status).toBe(401);
  server.clock.advance(30_000);
  expect((await login(username, account.password, codeOf(account.totp_secret))).body.code).toBe(0);
  // The reset keeps the password: a new one refused, the one the operator has accepted.
  await expect(enrolled(server.app.services.operators, reset.enrolment, server.clock.now, 'Another2026')).rejects.toThrow(
    'The password or the authenticator code is wrong.',
  );
  const renewed = await enrolled(server.app.services.operators, reset.enrolment, server.clock.now, account.password);
  expect(renewed.totp_secret).not.toBe(account.totp_secret);
  expect((await login(username, account.password, codeOf(renewed.totp_secret))).body.code).toBe(1);

  expect((await admin.call('POST', adminPath(ADMIN_ENDPOINTS.disableOperator, { username }))).body.code).toBe(1);
  server.clock.advance(30_000);
  expect((await login(username, account.password, codeOf(renewed.totp_secret))).body.code).toBe(0);
});

test('only admins manage accounts, never their own, and every refusal is audited', async () => {
  const admin = await loggedIn(['admin']);
  const username = newName();
  await create(admin, username, ['editor']);
  const calls: Array<['GET' | 'POST', string, unknown]> = [
    ['GET', ADMIN_ENDPOINTS.operators, undefined],
    ['POST', ADMIN_ENDPOINTS.operators, { username: newName(), roles: ['editor'] }],
    ['POST', adminPath(ADMIN_ENDPOINTS.operatorRoles, { username }), { roles: ['auditor'] }],
    ['POST', adminPath(ADMIN_ENDPOINTS.disableOperator, { username }), undefined],
    ['POST', adminPath(ADMIN_ENDPOINTS.resetOperatorTotp, { username }), undefined],
    ['POST', adminPath(ADMIN_ENDPOINTS.unlockOperator, { username }), undefined],
  ];
  for (const roles of [['reviewer'], ['finance'], ['editor'], ['support'], ['auditor']] as OperatorRole[][]) {
    const someone = await loggedIn(roles);
    for (const [method, path, body] of calls) {
      // The auditor reads every console screen, this one too (`mayRead`), and changes nothing.
      const reads = method === 'GET' && roles.includes('auditor');
      expect([path, roles, (await someone.call(method, path, body)).status]).toEqual([path, roles, reads ? 200 : 403]);
      expect(await latestAudit()).toMatchObject({ username: someone.username, outcome: reads ? 'done' : 'refused' });
    }
  }
  expect((await admin.call('POST', adminPath(ADMIN_ENDPOINTS.disableOperator, { username: admin.username }))).body.msg).toBe(
    'A second admin changes your own account, not you.',
  );
  expect((await admin.call('POST', ADMIN_ENDPOINTS.operators, { username, roles: ['editor'] })).body.msg).toBe(
    'There is an operator with this username already.',
  );
  expect((await admin.call('POST', ADMIN_ENDPOINTS.operators, { username: 'Bad Name', roles: ['editor'] })).body.code).toBe(0);
  expect(await latestAudit()).toMatchObject({ action: 'operator.create', outcome: 'refused' });
});
