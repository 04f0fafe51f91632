import {
  ADMIN_ENDPOINTS,
  adminPath,
  createLoan,
  type Approval,
  type ApprovalAsked,
  type AuditEntry,
  type Listing,
} from '@instalment/contract/api';
import type { FastifyInstance } from 'fastify';
import { signUp, startServer, type TestServer } from '../../helpers';
import { operatorsOf, type LoggedInOperator } from '../../operators';
import { request, type Answer } from './traffic';

/** Another client's network: Linux answers the whole of 127/8 on loopback. */
const STRANGER = '127.0.0.2';
const OWNER = '127.0.0.1';

let server: TestServer;
/** Every route the console's plugin declared, as Fastify registered it. */
const consoleRoutes: { method: string; url: string }[] = [];
const collect = (app: FastifyInstance) =>
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/admin/api/')) return;
    for (const method of [route.method].flat()) if (method === 'GET' || method === 'POST') consoleRoutes.push({ method, url: route.url });
  });
beforeAll(async () => {
  server = await startServer({ approvalMode: 'manual', tokenTtlSeconds: 90 * 24 * 3600 }, collect);
});
afterAll(() => server.close());
const { operator, loggedIn } = operatorsOf(() => server);

const auditRows = async () =>
  Number(
    (
      await server.app.store.q
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const latestAudit = async () => (await server.app.services.audit.list({ limit: 1, offset: 0 }))[0] as AuditEntry;

const login = (username: string, password: string, totp: string, from: string) =>
  request(server.baseURL, 'POST', ADMIN_ENDPOINTS.login, { username, password, totp }, {}, from);

/** A loan approved by a reviewer, and finance's request to send its money, awaiting a checker. */
async function disbursementAsked(maker: LoggedInOperator): Promise<number> {
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const reviewer = await loggedIn(['reviewer']);
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  return (await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no }), { bank_ref: 'ICBC-77' }))
    .approval_id;
}

describe('a stranger cannot lock an operator out', () => {
  test("a stranger's failures from another address never refuse the owner's password and code", async () => {
    const owner = await operator(['support']);
    const stranger: Answer[] = [];
    for (let i = 0; i < 8; i += 1) stranger.push(await login(owner.username, `guess-${i}`, '123456', STRANGER));
    // Five tries, then the stranger waits, longer each time: no message sends an operator to SMS.
    expect(stranger.slice(0, 5).map((answer) => answer.body.msg)).toEqual(
      Array(5).fill('Wrong username, password or code. A code works once: if you just used it, wait for the next one.'),
    );
    expect(stranger[5].body.msg).toBe(
      'Too many failed logins to this account from your network. Try again in 15 s, or ask an administrator to unlock it.',
    );
    for (const answer of stranger) expect(answer.body.msg).not.toMatch(/SMS/);

    const mine = await login(owner.username, owner.password, owner.code(), OWNER);
    expect(mine.body).toMatchObject({ code: 1, data: { roles: ['support'] } });
  });

  test("each failure from the same address doubles the wait, up to the window's length", async () => {
    const owner = await operator(['editor']);
    const wrong = () => login(owner.username, 'wrong', '000000', STRANGER);
    for (let i = 0; i < 5; i += 1) await wrong();
    const waits: string[] = [];
    for (const seconds of [15, 30, 60]) {
      waits.push((await wrong()).body.msg);
      server.clock.advance(seconds * 1000);
      expect((await wrong()).body.msg).toBe(
        'Wrong username, password or code. A code works once: if you just used it, wait for the next one.',
      );
    }
    expect(waits.map((msg) => /in (\d+) s/.exec(msg)?.[1])).toEqual(['15', '30', '60']);
  });

  test('an admin unlocks an operator paused on their own network, and it is audited; no other role may', async () => {
    const owner = await operator(['finance']);
    for (let i = 0; i < 6; i += 1) await login(owner.username, 'wrong', '000000', OWNER);
    expect((await login(owner.username, owner.password, owner.code(), OWNER)).body.msg).toMatch(/^Too many failed logins to this account/);

    const support = await loggedIn(['support']);
    const path = adminPath(ADMIN_ENDPOINTS.unlockOperator, { username: owner.username });
    expect((await support.call('POST', path)).status).toBe(403);
    expect(await latestAudit()).toMatchObject({ action: 'operator.unlock', username: support.username, outcome: 'refused' });

    const admin = await loggedIn(['admin']);
    expect((await admin.call('POST', path)).body).toMatchObject({ code: 1, msg: 'The operator can log in again.' });
    expect(await latestAudit()).toMatchObject({
      action: 'operator.unlock',
      username: admin.username,
      target: `operator:${owner.username}`,
      outcome: 'done',
    });
    expect((await login(owner.username, owner.password, owner.code(), OWNER)).body.code).toBe(1);
    expect((await admin.call('POST', adminPath(ADMIN_ENDPOINTS.unlockOperator, { username: 'nobody.here' }))).body.msg).toBe(
      'There is no such operator.',
    );
  });
});

describe('approvals are read by role', () => {
  test('an editor reads no disbursement; finance, its maker and an auditor do', async () => {
    const maker = await loggedIn(['finance']);
    const id = await disbursementAsked(maker);
    const kindsSeenBy = async (reader: LoggedInOperator) =>
      (await reader.data<Listing<Approval>>('GET', `${ADMIN_ENDPOINTS.approvals}?limit=50`)).list.filter((approval) => approval.id === id);

    const editor = await loggedIn(['editor']);
    const editorPage = await editor.data<Listing<Approval>>('GET', `${ADMIN_ENDPOINTS.approvals}?limit=50`);
    expect(editorPage.list.filter((approval) => approval.kind === 'loan.disburse')).toEqual([]);
    expect(editorPage.total).toBe(editorPage.list.length);
    expect(await kindsSeenBy(await loggedIn(['reviewer']))).toEqual([]);

    expect(await kindsSeenBy(await loggedIn(['finance']))).toHaveLength(1);
    expect(await kindsSeenBy(maker)).toHaveLength(1);
    expect(await kindsSeenBy(await loggedIn(['auditor']))).toHaveLength(1);
  });

  test("a checker's decision and its audit row commit together, or neither does", async () => {
    const maker = await loggedIn(['finance']);
    const checker = await loggedIn(['finance']);
    const id = await disbursementAsked(maker);
    const { audit } = server.app.services;
    const record = audit.record.bind(audit);
    const failing = jest.spyOn(audit, 'record').mockImplementation(async (fact, store) => {
      if (fact.action === 'approval.approve' && fact.outcome === 'done') throw new Error('the audit write failed');
      return record(fact, store);
    });
    try {
      expect((await checker.call('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id }))).status).toBe(500);
    } finally {
      failing.mockRestore();
    }
    const page = await checker.data<Listing<Approval>>('GET', `${ADMIN_ENDPOINTS.approvals}?status=awaiting&limit=50`);
    expect(page.list.find((approval) => approval.id === id)).toMatchObject({ status: 'awaiting', checker: null });
  });
});

describe('every request that reaches a console route is audited once', () => {
  test('an editor posting a disbursement with no bank reference is refused and filed', async () => {
    const editor = await loggedIn(['editor']);
    const before = await auditRows();
    const answer = await editor.call('POST', adminPath(ADMIN_ENDPOINTS.disburseLoan, { order_no: 'L2026000000001' }), {});
    expect(answer.body.code).not.toBe(1);
    expect(await auditRows()).toBe(before + 1);
    expect(await latestAudit()).toMatchObject({ action: 'loan.disburse.ask', username: editor.username, outcome: 'refused' });
  });

  test('a proof file that does not exist is refused and filed', async () => {
    const finance = await loggedIn(['finance']);
    const before = await auditRows();
    expect((await finance.call('GET', adminPath(ADMIN_ENDPOINTS.proofFile, { id: 999_999 }))).body.code).toBe(0);
    expect(await auditRows()).toBe(before + 1);
    expect(await latestAudit()).toMatchObject({ action: 'voucher.file', target: 'voucher:999999', outcome: 'refused' });
  });

  test('reads of approvals, settings and queues are filed', async () => {
    const finance = await loggedIn(['finance']);
    for (const [path, action] of [
      [ADMIN_ENDPOINTS.approvals, 'approvals.list'],
      [ADMIN_ENDPOINTS.settings, 'settings.read'],
      [ADMIN_ENDPOINTS.queues, 'queues.read'],
    ]) {
      const before = await auditRows();
      expect((await finance.call('GET', path)).body.code).toBe(1);
      expect(await auditRows()).toBe(before + 1);
      expect(await latestAudit()).toMatchObject({ action, username: finance.username, outcome: 'done' });
    }
  });

  test('each console route, sent a request its schema or the role refuses, leaves exactly one row that says so', async () => {
    const walked = consoleRoutes.filter((route) => route.url !== ADMIN_ENDPOINTS.logout);
    const walkedPaths = new Set(walked.map((route) => route.url));
    expect(Object.values(ADMIN_ENDPOINTS).filter((path) => path !== ADMIN_ENDPOINTS.logout && !walkedPaths.has(path))).toEqual([]);
    let refused = 0;
    for (const route of walked) {
      const editor = await loggedIn(['editor']);
      // Path parameters no schema takes, a query past any page, a body of the wrong shape.
      const path = `${route.url.replace(/:[a-z_]+/g, 'not-a-valid-value')}?page=0&limit=100000&status=${'x'.repeat(600)}`;
      const before = await auditRows();
      const answer = await editor.call(route.method as 'GET' | 'POST', path, route.method === 'POST' ? { unexpected: ['x'] } : undefined);
      expect([route.url, (await auditRows()) - before]).toEqual([route.url, 1]);
      // Only a route that takes nothing to refuse and is open to every operator (who am I, the queues) answers.
      const outcome = answer.body.code === 1 ? 'done' : 'refused';
      expect([route.url, (await latestAudit()).outcome]).toEqual([route.url, outcome]);
      refused += outcome === 'refused' ? 1 : 0;
    }
    expect(refused).toBeGreaterThanOrEqual(walked.length - 3);
  });

  test('requests without an operator are not filed: a stranger cannot grow the audit', async () => {
    const before = await auditRows();
    for (const path of [ADMIN_ENDPOINTS.queues, ADMIN_ENDPOINTS.audit, ADMIN_ENDPOINTS.approvals])
      expect((await request(server.baseURL, 'GET', path, undefined, { authorization: 'Bearer forged' })).status).toBe(401);
    expect(await auditRows()).toBe(before);
  });
});
