import {
  ADMIN_ENDPOINTS,
  adminPath,
  type Approval,
  type ApprovalAsked,
  type ApprovalDecided,
  type OperatorCreated,
  type OperatorDisabled,
  type OperatorRole,
  type OperatorRolesChanged,
  type OperatorTotpReset,
  type ConsoleBorrower,
  type ConsoleOperator,
} from '@instalment/contract/api';
import { authenticator } from 'otplib';
import { signUp, startServer, type TestServer } from '../../helpers';
import { enrolled, operatorsOf, type LoggedInOperator } from '../../operators';
import { request, type Answer } from '../../system/security/traffic';

/**
 * Issue 49, attack 3: one admin must not be enough for what four eyes guard. Each test replays
 * an admin acting alone, through an account they made, renewed, demoted or disabled.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

type Session = Pick<LoggedInOperator, 'username' | 'call' | 'data'>;

let made = 0;
const newName = () => `four.${(made += 1)}`;

/** An operator's session from their own password and authenticator. */
async function signIn(username: string, password: string, secret: string): Promise<Session> {
  server.clock.advance(30_000);
  const totp = authenticator.clone({ epoch: server.clock.now }).generate(secret);
  const answer = await request(server.baseURL, 'POST', ADMIN_ENDPOINTS.login, { username, password, totp });
  if (answer.body.code !== 1) throw new Error(`login refused: ${answer.body.msg}`);
  const token = (answer.body.data as { token: string }).token;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> =>
    request(server.baseURL, method, path, body, { authorization: `Bearer ${token}` });
  const data = async <R>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<R> => {
    const reply = await call(method, path, body);
    if (reply.body.code !== 1) throw new Error(`${reply.status} ${reply.body.msg}`);
    return reply.body.data as R;
  };
  return { username, call, data };
}

const approve = (checker: Session, id: number) => checker.call('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id }));
const decline = (checker: Session, id: number) => checker.call('POST', adminPath(ADMIN_ENDPOINTS.declineApproval, { id }));
const refusedWith = async (answer: Promise<Answer>) => (await answer).body.msg;
const accountOf = async (admin: Session, username: string) =>
  (await admin.data<ConsoleOperator[]>('GET', ADMIN_ENDPOINTS.operators)).find((operator) => operator.username === username)!;
const awaiting = async (viewer: Session, id: number) =>
  (await viewer.data<{ list: Approval[] }>('GET', `${ADMIN_ENDPOINTS.approvals}?status=awaiting&limit=100`)).list.find(
    (approval) => approval.id === id,
  );

/** An operator `admin` creates through the console, their roles granted by `second`, enrolled and signed in by themselves. */
async function createdBy(admin: Session, second: Session, roles: OperatorRole[]) {
  const username = newName();
  const created = await admin.data<OperatorCreated>('POST', ADMIN_ENDPOINTS.operators, { username, roles });
  if (created.approval_id !== null) expect((await approve(second, created.approval_id)).body.code).toBe(1);
  const account = await enrolled(server.app.services.operators, created.enrolment, server.clock.now);
  return signIn(username, account.password, account.totp_secret);
}

/** A credit line `maker` asks for, for a new borrower: a reviewer's (or admin's) to decide. */
async function creditAsked(maker: Session): Promise<number> {
  const borrower = await signUp(server);
  const { user } = await maker.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);
  return (await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.userCredit, { id: user.id }), { limit: '99999' })).approval_id;
}

test('(a) a reviewer an admin created checks nothing of that admin, nor the admin theirs, until a second admin confirms them', async () => {
  const [admin, second] = await Promise.all([loggedIn(['admin']), loggedIn(['admin'])]);
  const reviewer = await createdBy(admin, second, ['reviewer']);
  const asked = await creditAsked(admin);

  expect((await awaiting(reviewer, asked))?.may_decide).toBe(false);
  expect(await refusedWith(approve(reviewer, asked))).toBe(
    "Until a second admin confirms an operator, they and the admin who created them or renewed their authenticator check nothing of each other's.",
  );
  const theirs = await creditAsked(reviewer);
  expect((await approve(admin, theirs)).body.code).toBe(0);

  // The confirmation waits for an admin who is neither its maker nor the operator.
  const confirmation = (await accountOf(second, reviewer.username)).confirm_awaiting!;
  expect(await awaiting(second, confirmation)).toMatchObject({
    kind: 'operator.confirm',
    maker: admin.username,
    subject: { about: 'account', username: reviewer.username, change: 'confirm-new', roles: ['reviewer'] },
    may_decide: true,
  });
  expect(await refusedWith(approve(admin, confirmation))).toBe('A second operator must approve what you asked for.');
  expect((await approve(second, confirmation)).body.code).toBe(1);

  expect((await awaiting(reviewer, asked))?.may_decide).toBe(true);
  expect((await approve(reviewer, asked)).body.data).toMatchObject({ status: 'approved', checker: reviewer.username });
});

test('(b) an operator whose authenticator an admin renewed checks nothing of theirs until a second admin confirms it', async () => {
  const [admin, second, reviewer] = await Promise.all([loggedIn(['admin']), loggedIn(['admin']), loggedIn(['reviewer'])]);
  const reset = await admin.data<OperatorTotpReset>('POST', adminPath(ADMIN_ENDPOINTS.resetOperatorTotp, { username: reviewer.username }));
  expect(reset.approval_id).toBeNull();
  const account = await enrolled(server.app.services.operators, reset.enrolment!, server.clock.now, reviewer.password);
  const renewed = await signIn(reviewer.username, account.password, account.totp_secret);

  const id = await creditAsked(admin);
  expect(await refusedWith(approve(renewed, id))).toMatch(/^Until a second admin confirms an operator/);

  const confirmation = (await accountOf(second, reviewer.username)).confirm_awaiting!;
  expect((await awaiting(second, confirmation))?.subject).toMatchObject({ change: 'confirm-totp', username: reviewer.username });
  expect(await refusedWith(decline(admin, confirmation))).toBe('A second operator must approve what you asked for.');
  expect((await approve(second, confirmation)).body.code).toBe(1);
  expect((await approve(renewed, id)).body.data).toMatchObject({ status: 'approved' });
});

test('(c) demoting, disabling or renewing the authenticator of another admin waits for a second admin; neither the maker nor that admin decides it', async () => {
  const [admin, second, target, renewed] = await Promise.all([
    loggedIn(['admin']),
    loggedIn(['admin']),
    loggedIn(['admin', 'auditor']),
    loggedIn(['admin']),
  ]);
  const accountNow = () => accountOf(second, target.username);

  const demoted = await admin.data<OperatorRolesChanged>('POST', adminPath(ADMIN_ENDPOINTS.operatorRoles, { username: target.username }), {
    roles: ['admin'],
  });
  expect(demoted).toMatchObject({ roles: ['admin', 'auditor'], approval_id: expect.any(Number) });
  expect((await accountNow()).roles).toEqual(['admin', 'auditor']);
  expect(await refusedWith(approve(target, demoted.approval_id!))).toBe('A change to your own account is decided by another admin.');
  expect(await refusedWith(approve(admin, demoted.approval_id!))).toBe('A second operator must approve what you asked for.');
  expect((await approve(second, demoted.approval_id!)).body.code).toBe(1);
  expect((await accountNow()).roles).toEqual(['admin']);

  const disabled = await admin.data<OperatorDisabled>('POST', adminPath(ADMIN_ENDPOINTS.disableOperator, { username: target.username }));
  expect(disabled.approval_id).toEqual(expect.any(Number));
  expect(await accountNow()).toMatchObject({ disabled: false, disable_awaiting: disabled.approval_id });
  expect((await target.call('GET', ADMIN_ENDPOINTS.me)).status).toBe(200);
  expect(await refusedWith(decline(target, disabled.approval_id!))).toBe('A change to your own account is decided by another admin.');
  expect((await approve(second, disabled.approval_id!)).body.code).toBe(1);
  expect(await accountNow()).toMatchObject({ disabled: true, disable_awaiting: null });
  expect((await target.call('GET', ADMIN_ENDPOINTS.me)).status).toBe(401);

  const reset = await admin.data<OperatorTotpReset>('POST', adminPath(ADMIN_ENDPOINTS.resetOperatorTotp, { username: renewed.username }));
  expect(reset).toEqual({ username: renewed.username, enrolment: null, approval_id: expect.any(Number) });
  expect(await awaiting(second, reset.approval_id!)).toMatchObject({
    kind: 'operator.totp',
    subject: { about: 'account', username: renewed.username, change: 'totp', roles: ['admin'] },
  });
  expect((await accountOf(second, renewed.username)).totp_awaiting).toBe(reset.approval_id);
  expect((await renewed.call('GET', ADMIN_ENDPOINTS.me)).status).toBe(200);
  expect(await refusedWith(approve(admin, reset.approval_id!))).toBe('A second operator must approve what you asked for.');
  expect(await refusedWith(approve(renewed, reset.approval_id!))).toBe('A change to your own account is decided by another admin.');

  // The second admin's approval renews it, and hands them (not the audit) the enrolment code.
  const decided = (await approve(second, reset.approval_id!)).body.data as ApprovalDecided;
  expect(decided).toMatchObject({ status: 'approved', enrolment: { username: renewed.username } });
  expect((await renewed.call('GET', ADMIN_ENDPOINTS.me)).status).toBe(401);
  const audit = await server.app.services.audit.list({ target: `operator:${renewed.username}`, limit: 50, offset: 0 });
  expect(JSON.stringify(audit)).not.toContain(decided.enrolment!.enrolment_code);
  // Who renewed it now waits, like any admin who did, for another admin to confirm the account.
  expect(await awaiting(admin, (await accountOf(admin, renewed.username)).confirm_awaiting!)).toMatchObject({
    maker: second.username,
    subject: { change: 'confirm-totp' },
    may_decide: true,
  });
});

test("(c) taking power from an operator who is not an admin happens at once; granting any checker's role, reviewer included, waits", async () => {
  const [admin, reviewer, editor] = await Promise.all([loggedIn(['admin']), loggedIn(['reviewer', 'support']), loggedIn(['editor'])]);
  const roles = (username: string, asked: OperatorRole[]) =>
    admin.data<OperatorRolesChanged>('POST', adminPath(ADMIN_ENDPOINTS.operatorRoles, { username }), { roles: asked });

  expect(await roles(reviewer.username, ['support'])).toEqual({ username: reviewer.username, roles: ['support'], approval_id: null });
  const granted = await roles(editor.username, ['editor', 'reviewer']);
  expect(granted).toMatchObject({ roles: ['editor'], approval_id: expect.any(Number) });
  expect((await accountOf(admin, editor.username)).roles_awaiting).toBe(granted.approval_id);

  expect(await admin.data<OperatorDisabled>('POST', adminPath(ADMIN_ENDPOINTS.disableOperator, { username: editor.username }))).toEqual({
    username: editor.username,
    approval_id: null,
  });
  expect((await editor.call('GET', ADMIN_ENDPOINTS.me)).status).toBe(401);
});

test('(d) the admin a role is granted to may not approve the grant', async () => {
  const [admin, grantee, second] = await Promise.all([loggedIn(['admin']), loggedIn(['admin']), loggedIn(['admin'])]);
  const asked = await admin.data<OperatorRolesChanged>('POST', adminPath(ADMIN_ENDPOINTS.operatorRoles, { username: grantee.username }), {
    roles: ['admin', 'finance'],
  });
  expect((await awaiting(grantee, asked.approval_id!))?.may_decide).toBe(false);
  expect(await refusedWith(approve(grantee, asked.approval_id!))).toBe('A change to your own account is decided by another admin.');
  expect((await awaiting(second, asked.approval_id!))?.may_decide).toBe(true);
  expect((await approve(second, asked.approval_id!)).body.data).toMatchObject({ status: 'approved', checker: second.username });
});

test('(e) two reviewers one admin created check nothing of each other until a second admin confirms them both', async () => {
  const [admin, second] = await Promise.all([loggedIn(['admin']), loggedIn(['admin'])]);
  const x = await createdBy(admin, second, ['reviewer']);
  const y = await createdBy(admin, second, ['reviewer']);
  const asked = await creditAsked(x);

  expect((await awaiting(y, asked))?.may_decide).toBe(false);
  expect(await refusedWith(approve(y, asked))).toMatch(/^Until a second admin confirms an operator/);

  for (const account of [x, y]) {
    const confirmation = (await accountOf(second, account.username)).confirm_awaiting!;
    expect((await approve(second, confirmation)).body.code).toBe(1);
  }
  expect((await awaiting(y, asked))?.may_decide).toBe(true);
  expect((await approve(y, asked)).body.data).toMatchObject({ status: 'approved', checker: y.username });
});
