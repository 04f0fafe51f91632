import { sql } from 'kysely';
import { ADMIN_ENDPOINTS, ADMIN_PERMISSIONS, ENDPOINTS, newsIndex, type AuditEntry, type OperatorRole } from '@instalment/contract/api';
import { signUp, startServer, type TestServer } from '../helpers';
import { operatorsOf } from '../operators';
import { request } from '../system/security/traffic';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const { operator, loggedIn } = operatorsOf(() => server);

const auditOf = async (target: string) => (await server.app.services.audit.list({ target, limit: 50, offset: 0 })) as AuditEntry[];

describe('operator login', () => {
  test('needs the password and a fresh TOTP code; either wrong is one refusal that does not say which', async () => {
    const account = await operator(['editor']);
    const attempt = (password: string, totp: string) =>
      request(server.baseURL, 'POST', ADMIN_ENDPOINTS.login, { username: account.username, password, totp });
    for (const answer of [
      await attempt('wrong-password', account.code()),
      await attempt(account.password, '000000'),
      await attempt(account.password, ''),
    ]) {
      expect(answer.body).toMatchObject({
        code: 0,
        msg: 'Wrong username, password or code. A code works once: if you just used it, wait for the next one.',
      });
    }
    const good = await attempt(account.password, account.code());
    expect(good.body.data).toMatchObject({ roles: ['editor'], expires_at: expect.any(String) });
    // The same code twice is a replay.
    expect((await attempt(account.password, account.code())).body.code).toBe(0);
    server.clock.advance(30_000);
    expect((await attempt(account.password, account.code())).body.code).toBe(1);
  });

  test('a disabled operator is out at once, and logging out ends the session', async () => {
    const editor = await loggedIn(['editor']);
    expect((await editor.call('GET', ADMIN_ENDPOINTS.me)).body.data).toEqual({
      username: editor.username,
      roles: ['editor'],
      business_timezone: 'Asia/Shanghai',
    });
    await server.app.services.operators.disable(editor.username);
    expect((await editor.call('GET', ADMIN_ENDPOINTS.me)).status).toBe(401);

    const other = await loggedIn(['auditor']);
    expect((await other.call('POST', ADMIN_ENDPOINTS.logout)).body.code).toBe(1);
    expect((await other.call('GET', ADMIN_ENDPOINTS.me)).status).toBe(401);
  });
});

describe('who may call what', () => {
  /** A read's callers: the permission's roles, and the auditor, who reads every console screen (`mayRead`). */
  const readers = (roles: readonly OperatorRole[]): readonly OperatorRole[] => [...new Set([...roles, 'auditor' as const])];
  const ROUTES: Array<['GET' | 'POST', string, readonly OperatorRole[], unknown?]> = [
    ['GET', `${ADMIN_ENDPOINTS.users}?mobile=13800000000`, readers(ADMIN_PERMISSIONS.users)],
    ['POST', ADMIN_ENDPOINTS.news, ['editor', 'admin'], { en: { title: 'T', summary: 'S', content: 'C' }, author: 'A' }],
    ['POST', ADMIN_ENDPOINTS.publishNews.replace(':id', '1'), ['editor', 'admin']],
    ['POST', ADMIN_ENDPOINTS.unpublishNews.replace(':id', '1'), ['editor', 'admin']],
    ['GET', ADMIN_ENDPOINTS.audit, ['auditor', 'admin']],
    ['GET', `${ADMIN_ENDPOINTS.loans}?status=pending`, ADMIN_PERMISSIONS.loans],
    ['GET', ADMIN_ENDPOINTS.overdue, ADMIN_PERMISSIONS.loans],
    ['GET', `${ADMIN_ENDPOINTS.vouchers}?status=pending`, readers(ADMIN_PERMISSIONS.vouchers)],
    ['GET', ADMIN_ENDPOINTS.newsList, readers(ADMIN_PERMISSIONS.news)],
  ];

  test('no token and a borrower token are 401 on every console route; an operator token is 401 on the app API', async () => {
    const borrower = await signUp(server);
    const editor = await loggedIn(['editor']);
    for (const [method, path, , body] of ROUTES) {
      expect((await request(server.baseURL, method, path, body)).status).toBe(401);
      expect((await request(server.baseURL, method, path, body, { token: borrower.token! })).status).toBe(401);
      expect((await request(server.baseURL, method, path, body, { authorization: `Bearer ${borrower.token}` })).status).toBe(401);
    }
    expect((await request(server.baseURL, 'GET', ENDPOINTS.userIndex, undefined, { token: editor.token })).status).toBe(401);
    expect((await request(server.baseURL, 'GET', ENDPOINTS.userIndex, undefined, { authorization: `Bearer ${editor.token}` })).status).toBe(
      401,
    );
  });

  test('each role that lacks a route is refused (403), and the refusal is on the audit log', async () => {
    const everyone = Object.fromEntries(
      await Promise.all(
        (['reviewer', 'finance', 'editor', 'support', 'admin', 'auditor'] as const).map(async (role) => [role, await loggedIn([role])]),
      ),
    ) as Record<OperatorRole, Awaited<ReturnType<typeof loggedIn>>>;
    for (const [method, path, allowed, body] of ROUTES) {
      for (const [role, session] of Object.entries(everyone) as Array<[OperatorRole, (typeof everyone)[OperatorRole]]>) {
        const answer = await session.call(method, path, body);
        if (allowed.includes(role)) expect({ path, role, status: answer.status }).toEqual({ path, role, status: 200 });
        else expect({ path, role, status: answer.status, code: answer.body.code }).toEqual({ path, role, status: 403, code: 403 });
      }
    }
    // The role's refusals, not a lookup it may make that found no one.
    const refusals = (await server.app.services.audit.list({ limit: 500, offset: 0 })).filter(
      (entry) => entry.outcome === 'refused' && entry.username === everyone.reviewer.username && entry.reason?.startsWith('needs one of'),
    );
    expect(refusals).toHaveLength(ROUTES.filter(([, , allowed]) => !allowed.includes('reviewer')).length);
  });
});

test('an editor drafts, publishes and takes down an article: the app shows it only while published', async () => {
  const editor = await loggedIn(['editor']);
  const title = `Holiday hours ${Date.now()}`;
  const drafted = await editor.call('POST', ADMIN_ENDPOINTS.news, {
    en: { title, summary: 'When we answer.', content: '<p>Open every day.</p>' },
    author: 'Service team',
  });
  const { id } = drafted.body.data as { id: number };
  const titles = async () => (await newsIndex(server.client().http, { page: 1, limit: 50 })).list.map((article) => article.title);
  expect(await titles()).not.toContain(title);
  expect((await editor.call('POST', ADMIN_ENDPOINTS.publishNews.replace(':id', String(id)))).body.data).toEqual({
    id,
    status: 'published',
  });
  expect((await titles())[0]).toBe(title);
  await editor.call('POST', ADMIN_ENDPOINTS.unpublishNews.replace(':id', String(id)));
  expect(await titles()).not.toContain(title);
  expect((await request(server.baseURL, 'GET', `${ENDPOINTS.newsDetail}?id=${id}`)).body.code).toBe(0);

  // Each action once on the audit log, with who, what, before and after, and from where.
  const entries = (await auditOf(`news:${id}`)).reverse();
  expect(entries.map((entry) => [entry.action, entry.outcome, entry.before, entry.after])).toEqual([
    ['news.draft', 'done', null, expect.objectContaining({ en: expect.objectContaining({ title }), status: 'draft' })],
    ['news.publish', 'done', { status: 'draft' }, { status: 'published' }],
    ['news.unpublish', 'done', { status: 'published' }, { status: 'unpublished' }],
  ]);
  expect(entries.every((entry) => entry.username === editor.username && entry.address === '127.0.0.1')).toBe(true);
});

test('support finds a borrower by phone, with their loans; the look is on the audit log', async () => {
  const borrower = await signUp(server);
  const support = await loggedIn(['support']);
  const found = await support.call('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);
  expect(found.body.data).toMatchObject({ user: { mobile: borrower.mobile }, loans: [] });
  const userId = (found.body.data as { user: { id: number } }).user.id;
  expect((await auditOf(`user:${userId}`)).map((entry) => entry.action)).toEqual(['users.lookup']);
});

test('the audit log cannot be changed or emptied, not even by SQL', async () => {
  await loggedIn(['auditor']);
  const { store } = server.app;
  // The engine's own error (better-sqlite3's is not an Error of the test's realm): its message is what counts.
  const refusal = (statement: Promise<unknown>) =>
    statement.then(
      () => 'the statement went through',
      (error: unknown) => String((error as { message?: unknown }).message),
    );
  const first = await store.q.selectFrom('audit_log').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow();
  expect(
    await refusal(
      store.q.updateTable('audit_log').set({ outcome: 'refused', username: 'someone else' }).where('id', '=', first.id).execute(),
    ),
  ).toMatch(/append-only/);
  expect(await refusal(store.q.deleteFrom('audit_log').where('id', '=', first.id).execute())).toMatch(/append-only/);
  expect(await store.q.selectFrom('audit_log').selectAll().where('id', '=', first.id).executeTakeFirst()).toEqual(first);
  if (store.engine === 'postgres') expect(await refusal(sql`TRUNCATE audit_log`.execute(store.q))).toMatch(/append-only/);
  expect((await server.app.services.audit.list({ limit: 5, offset: 0 })).length).toBeGreaterThan(0);
});
