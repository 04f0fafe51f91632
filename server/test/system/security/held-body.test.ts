import net from 'node:net';
import { ADMIN_ENDPOINTS, adminPath, closeAccount, ENDPOINTS, sendSms, userIndex, type ApprovalAsked } from '@instalment/contract/api';
import type { Locale } from '@instalment/contract/i18n';
import type { FastifyInstance } from 'fastify';
import { checkingWrites, type WriteCheck } from '../../../src/db/store';
import { ClosedAccountRecords } from '../../../src/repositories/closed-accounts';
import { pseudonymOf } from '../../../src/services/account-closing';
import { sentenceOf } from '../../../src/services/refusals';
import { ENGINE, latestCode, newPhone, refusal, signUp, startServer, type TestClient, type TestServer } from '../../helpers';
import { operatorsOf, type LoggedInOperator } from '../../operators';

/** What came back on a raw connection: the status line's code (0: none) and the envelope. */
interface RawAnswer {
  status: number;
  body: { code: number; msg: string } | null;
  /** When the server closed the connection, from the first byte sent. */
  closedAfterMs: number;
}

/** A request whose headers and first byte of body are sent; the rest waits for `finish`. */
interface HeldRequest {
  finish(): Promise<RawAnswer>;
  /** Resolves when the server closes the connection, whatever was sent. */
  closed: Promise<RawAnswer>;
  socket: net.Socket;
}

/** Each test waits on real timers (a deadline, a held body) on a machine that may be busy. */
const TEST_MS = 30_000;

/** Every raw connection a test opened: ended before its server closes, which waits for requests in flight. */
const sockets = new Set<net.Socket>();
const endConnections = () => sockets.forEach((socket) => socket.destroy());

/** Requests (by their `x-held` header) whose session the server checked and whose body it now awaits. */
const awaitingBody = new Map<string, () => void>();
let heldCount = 0;

/** Tells the test when a held request got past its session check: preParsing runs after every onRequest hook. */
const signalAwaitingBody = (app: FastifyInstance) =>
  app.addHook('preParsing', async (request, _reply, payload) => {
    const id = request.headers['x-held'];
    if (typeof id === 'string') awaitingBody.get(id)?.();
    return payload;
  });

/** `promise`'s value, or null when it has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function answerOf(received: string, startedAt: number): RawAnswer {
  const [head = '', ...rest] = received.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const text = rest.join('\r\n\r\n');
  const body = text === '' ? null : (JSON.parse(text) as RawAnswer['body']);
  return { status, body, closedAfterMs: Date.now() - startedAt };
}

/** Opens a raw connection to the server and sends a POST's headers and the first byte of its JSON body. */
function hold(server: TestServer, path: string, body: unknown, headers: Record<string, string>): HeldRequest {
  const payload = Buffer.from(JSON.stringify(body));
  const id = String((heldCount += 1));
  const url = new URL(server.baseURL);
  const socket = net.connect(Number(url.port), url.hostname);
  sockets.add(socket);
  const startedAt = Date.now();
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${url.host}`,
    'Content-Type: application/json',
    `Content-Length: ${payload.length}`,
    'Connection: close',
    `x-held: ${id}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const closed = new Promise<RawAnswer>((resolve) => socket.on('close', () => resolve(answerOf(received, startedAt))));
  socket.write(`${head}\r\n\r\n`);
  socket.write(payload.subarray(0, 1));
  return {
    socket,
    closed,
    finish: async () => {
      // Not ended: a client that half-closes has its request aborted; `Connection: close` has the server close after answering.
      socket.write(payload.subarray(1));
      return closed;
    },
  };
}

/** `hold`, once the server has let the request in and waits for the rest of its body. */
async function heldPastItsCheck(server: TestServer, path: string, body: unknown, headers: Record<string, string>): Promise<HeldRequest> {
  const id = String(heldCount + 1);
  const admitted = new Promise<void>((resolve) => awaitingBody.set(id, resolve));
  const held = hold(server, path, body, headers);
  await admitted;
  awaitingBody.delete(id);
  return held;
}

describe(`a body held across the end of its session is not acted on (${ENGINE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ approvalMode: 'manual' }, signalAwaitingBody);
  }, TEST_MS);
  afterAll(async () => {
    endConnections();
    await server.close();
  }, TEST_MS);
  const { loggedIn } = operatorsOf(() => server);

  const userRow = (id: number) => server.app.store.q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The borrower closes their account through the app, as they would; their token then answers 401. */
  async function closeTheAccount(borrower: TestClient & { mobile: string }): Promise<void> {
    server.clock.advance(61_000);
    await sendSms(borrower.http, { mobile: borrower.mobile, event: 'closeaccount' });
    await closeAccount(borrower.http, { captcha: await latestCode(borrower, borrower.mobile, 'closeaccount') });
    expect((await refusal(userIndex(borrower.http))).code).toBe(401);
  }

  const borrowerHeaders = (borrower: TestClient, locale: Locale) => ({ token: borrower.token!, 'Accept-Language': locale });
  const sessionEnded = (locale: Locale) => ({ code: 401, msg: sentenceOf('loginExpired')(locale) });

  test(
    'an application whose body arrives after the account closed creates no loan',
    async () => {
      const borrower = await signUp(server);
      const { id } = await userIndex(borrower.http);
      const held = await heldPastItsCheck(server, ENDPOINTS.loanCreate, borrower.application, borrowerHeaders(borrower, 'zh-CN'));

      await closeTheAccount(borrower);
      const answer = await held.finish();

      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject(sessionEnded('zh-CN'));
      const loans = await server.app.store.q.selectFrom('loans').select('id').where('user_id', '=', id).execute();
      expect(loans).toEqual([]);
    },
    TEST_MS,
  );

  test(
    "a profile whose body arrives after the account closed writes none of the closed account's fields back",
    async () => {
      const borrower = await signUp(server);
      const { id } = await userIndex(borrower.http);
      const profile = { nickname: 'Back again', avatar: '', bio: 'written after closing', email: 'held@example.com' };
      const held = await heldPastItsCheck(server, ENDPOINTS.profile, profile, borrowerHeaders(borrower, 'en'));

      await closeTheAccount(borrower);
      const erased = await userRow(id);
      const answer = await held.finish();

      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject(sessionEnded('en'));
      const after = await userRow(id);
      expect({ nickname: after.nickname, bio: after.bio, email: after.email }).toEqual({
        nickname: erased.nickname,
        bio: '',
        email: '',
      });
    },
    TEST_MS,
  );

  test(
    "a change of phone whose body arrives after the account closed leaves the closed account's phone where it was",
    async () => {
      const borrower = await signUp(server);
      const { id } = await userIndex(borrower.http);
      const next = newPhone();
      await sendSms(borrower.http, { mobile: next, event: 'changemobile' });
      const captcha = await latestCode(borrower, next, 'changemobile');
      const held = await heldPastItsCheck(server, ENDPOINTS.changeMobile, { mobile: next, captcha }, borrowerHeaders(borrower, 'en'));

      await closeTheAccount(borrower);
      const answer = await held.finish();

      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject(sessionEnded('en'));
      expect((await userRow(id)).mobile).toBe(borrower.mobile);
      expect(await server.app.store.q.selectFrom('users').select('id').where('mobile', '=', next).execute()).toEqual([]);
    },
    TEST_MS,
  );

  test(
    'the session is read under the lock the closing takes: a closing begun during a write waits for it, one in flight when a write begins is waited for and seen',
    async () => {
      const { store, services } = server.app;
      /** What a request of the borrower's checks inside its writes, as http/auth.ts sets it. */
      const sessionOf =
        (token: string): WriteCheck =>
        async (tx) => {
          if (!(await services.tokens.heldUserOf(tx, token))) throw new Error('session ended');
        };
      const gate = () => {
        let open!: () => void;
        return { passed: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
      };
      /** The closing's own write (services/account-closing.ts), kept open until `held` passes. */
      const closing = (userId: number, inWork: () => void, held: Promise<void>) =>
        store.write([`credit:${userId}`], async (tx) => {
          await new ClosedAccountRecords(tx).close(userId, pseudonymOf(userId), server.clock.now);
          inWork();
          await held;
          return 'closed';
        });
      const settledWithin = (promise: Promise<unknown>, ms: number) =>
        within(
          promise.then(
            () => true,
            () => true,
          ),
          ms,
        );

      // Opened at the end whatever happens: a write left waiting would keep the server from closing.
      const working = gate();
      const closingHeld = gate();
      // A write for a borrower that has read their session holds it: a closing begun now waits for the write.
      const first = await signUp(server);
      const firstId = (await userIndex(first.http)).id;
      try {
        const inWork = gate();
        const writing = checkingWrites(sessionOf(first.token!), () =>
          store.write([], async () => {
            inWork.open();
            await working.passed;
            return 'written';
          }),
        );
        await inWork.passed;
        const closed = closing(firstId, () => undefined, Promise.resolve());
        expect(await settledWithin(closed, 300)).toBeNull();
        working.open();
        expect(await writing).toBe('written');
        expect(await closed).toBe('closed');

        // A closing not yet committed when a write begins: the write waits for it, and sees the account closed.
        const second = await signUp(server);
        const closingInWork = gate();
        const closedSecond = closing((await userIndex(second.http)).id, closingInWork.open, closingHeld.passed);
        await closingInWork.passed;
        const refused = checkingWrites(sessionOf(second.token!), () => store.write([], async () => 'written'));
        expect(await settledWithin(refused, 300)).toBeNull();
        closingHeld.open();
        expect(await closedSecond).toBe('closed');
        await expect(refused).rejects.toThrow('session ended');
      } finally {
        working.open();
        closingHeld.open();
      }
    },
    TEST_MS,
  );

  /** A borrower, and a credit line of 99,999.00 for them asked by one reviewer and awaiting a second. */
  async function creditAsked(): Promise<{ userId: number; approvalId: number; before: number | null }> {
    const borrower = await signUp(server);
    const { id } = await userIndex(borrower.http);
    const maker = await loggedIn(['reviewer']);
    const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.userCredit, { id }), { limit: '99999.00' });
    return { userId: id, approvalId: asked.approval_id, before: (await userRow(id)).credit_limit_fen };
  }

  const approving = (checker: LoggedInOperator, approvalId: number) =>
    heldPastItsCheck(
      server,
      adminPath(ADMIN_ENDPOINTS.approveApproval, { id: approvalId }),
      {},
      {
        authorization: `Bearer ${checker.token}`,
        'Accept-Language': 'en',
      },
    );

  test(
    "a reviewer's approval whose body arrives after an admin disabled them leaves the credit line as it was",
    async () => {
      const { userId, approvalId, before } = await creditAsked();
      const checker = await loggedIn(['reviewer']);
      const admin = await loggedIn(['admin']);
      const held = await approving(checker, approvalId);

      await admin.data('POST', adminPath(ADMIN_ENDPOINTS.disableOperator, { username: checker.username }));
      expect((await checker.call('GET', ADMIN_ENDPOINTS.me)).status).toBe(401);
      const answer = await held.finish();

      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 401, msg: sentenceOf('operatorLoginFirst')('en') });
      expect((await userRow(userId)).credit_limit_fen).toBe(before);
      const approval = await server.app.store.q
        .selectFrom('approvals')
        .select('status')
        .where('id', '=', approvalId)
        .executeTakeFirstOrThrow();
      expect(approval.status).toBe('awaiting');
    },
    TEST_MS,
  );

  test(
    "a reviewer's approval whose body arrives after their role was taken away is refused for the role",
    async () => {
      const { userId, approvalId, before } = await creditAsked();
      const checker = await loggedIn(['reviewer']);
      const admin = await loggedIn(['admin']);
      const held = await approving(checker, approvalId);

      await admin.data('POST', adminPath(ADMIN_ENDPOINTS.operatorRoles, { username: checker.username }), { roles: ['support'] });
      const answer = await held.finish();

      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 403, msg: sentenceOf('operatorForbidden')('en') });
      expect((await userRow(userId)).credit_limit_fen).toBe(before);
    },
    TEST_MS,
  );
});

describe(`a body that arrives late gets its connection closed (${ENGINE})`, () => {
  const DEADLINE_MS = 1_000;
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ bodyTimeoutMs: DEADLINE_MS });
  }, TEST_MS);
  afterAll(async () => {
    endConnections();
    await server.close();
  }, TEST_MS);

  const profile = { nickname: 'Too late', avatar: '', bio: 'arrived after the deadline', email: '' };

  /** A kept-alive connection of the borrower's: `send` writes on it, `answers` waits for that many status lines. */
  function keptAlive() {
    const url = new URL(server.baseURL);
    const socket = net.connect(Number(url.port), url.hostname);
    sockets.add(socket);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const answers = async (count: number) => {
      while ((received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length < count && !socket.destroyed)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return received.match(/HTTP\/1\.1 (\d{3})/g);
    };
    return { socket, host: url.host, send: (text: string) => socket.write(text), answers };
  }

  test(
    'a body held past the deadline: its connection is closed unanswered and nothing is written, while a kept-alive one idle longer stays',
    async () => {
      const borrower = await signUp(server);
      const before = await userIndex(borrower.http);
      const idle = keptAlive();
      idle.send(`GET ${ENDPOINTS.userIndex} HTTP/1.1\r\nHost: ${idle.host}\r\ntoken: ${borrower.token}\r\n\r\n`);
      await idle.answers(1);
      const held = hold(server, ENDPOINTS.profile, profile, { token: borrower.token! });
      // Nothing ends it but the server: today's server kept such a request open for minutes.
      const closed = await within(held.closed, 8_000);
      held.socket.destroy();

      expect(closed).not.toBeNull();
      expect(closed!.closedAfterMs).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
      expect(closed!.status).toBe(0);
      expect(await userIndex(borrower.http)).toEqual(before);
      await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS / 2));
      // Idle between requests for longer than the deadline, the kept-alive connection still serves:
      // a body sent within the deadline there is acted on.
      const payload = JSON.stringify({ ...profile, nickname: 'On time' });
      idle.send(
        `POST ${ENDPOINTS.profile} HTTP/1.1\r\nHost: ${idle.host}\r\nContent-Type: application/json\r\ntoken: ${borrower.token}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS / 4));
      idle.send(payload);
      expect(await idle.answers(2)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
      idle.socket.destroy();
      expect((await userIndex(borrower.http)).nickname).toBe('On time');
    },
    TEST_MS,
  );

  test(
    'a body sent a byte at a time is cut at the deadline too, not only a silent one',
    async () => {
      const borrower = await signUp(server);
      const before = await userIndex(borrower.http);
      const payload = JSON.stringify(profile);
      const held = hold(server, ENDPOINTS.profile, profile, { token: borrower.token! });
      let sent = 1;
      // Well inside any silence a socket time-out would allow; the whole body would take 20 s.
      const drip = setInterval(() => {
        if (sent < payload.length - 1 && !held.socket.destroyed) held.socket.write(payload[sent++]);
      }, 250);
      const closed = await within(held.closed, 8_000);
      clearInterval(drip);
      held.socket.destroy();

      expect(closed).not.toBeNull();
      expect(closed!.closedAfterMs).toBeLessThan(5_000);
      expect(await userIndex(borrower.http)).toEqual(before);
    },
    TEST_MS,
  );
});
