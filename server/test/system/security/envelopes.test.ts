import { ADMIN_ENDPOINTS, ENDPOINTS } from '@instalment/contract/api';
import { signUp, startServer, type TestServer } from '../../helpers';
import { request } from './traffic';

/** The API's calls anyone may make; every other call under /api and /dev needs a token. */
const PUBLIC = new Set<string>([
  ENDPOINTS.register,
  ENDPOINTS.login,
  ENDPOINTS.mobileLogin,
  ENDPOINTS.smsSend,
  ENDPOINTS.resetPassword,
  ENDPOINTS.loanRates,
  ENDPOINTS.channels,
  ENDPOINTS.bankInfo,
  ENDPOINTS.contractInfo,
  ENDPOINTS.newsIndex,
  ENDPOINTS.newsDetail,
  ENDPOINTS.newsLatest,
  // Browsers' reports of the pages they drew: sent by sendBeacon, which carries no session.
  ENDPOINTS.telemetry,
  // For load balancers.
  '/health',
  '/health/live',
  '/health/ready',
  // The operations console's login and an operator's enrolment with its one-time code: its other
  // routes need an operator's bearer token.
  ADMIN_ENDPOINTS.login,
  ADMIN_ENDPOINTS.enrolment,
  ADMIN_ENDPOINTS.enrol,
]);

/**
 * Answers that are not the API's envelope: files (a borrower's data archive among them, opened
 * by its signed link, not a token), the gateways' pages and their plain-text acknowledgements,
 * and the development server's rendering of the API document.
 */
const NOT_ENVELOPES = [
  /^\/uploads\//,
  /^\/api\/user\/export\/file\//,
  /^\/static\//,
  /^\/sandbox\//,
  /^\/api\/pay\/[a-z]+\/notify$/,
  /^\/docs(\/|$)/,
];

/** Whatever a caller might send: wrong types, missing fields, junk. */
const BODIES: Array<unknown> = [undefined, {}, { amount: 'x', avatar: 5, order_no: ['L1'], periods: null }, '"just a string"'];

const JSON_TYPE = 'application/json; charset=utf-8';

let server: TestServer;
const routes: Array<{ method: 'GET' | 'POST'; url: string }> = [];

beforeAll(async () => {
  server = await startServer({}, (app) =>
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'GET' || method === 'POST')
          routes.push({ method: method as 'GET' | 'POST', url: route.url.replace(/:[a-z]+/g, 'x') });
      }
    }),
  );
});
afterAll(() => server.close());

const apiRoutes = () => routes.filter((route) => !NOT_ENVELOPES.some((pattern) => pattern.test(route.url)));

test('the routes are known: the test sees every call of the contract', () => {
  const seen = new Set(routes.map((route) => route.url));
  for (const path of Object.values(ENDPOINTS)) expect(seen).toContain(path.replace(/:[a-z]+/g, 'x'));
});

test('every protected route answers 401 without a token, whatever its body', async () => {
  const protectedRoutes = apiRoutes().filter((route) => !PUBLIC.has(route.url) && !route.url.startsWith('/dev/'));
  expect(protectedRoutes.length).toBeGreaterThan(10);
  for (const route of protectedRoutes) {
    for (const body of route.method === 'POST' ? BODIES : [undefined]) {
      const answer = await request(server.baseURL, route.method, route.url, body);
      expect({ route: route.url, body, status: answer.status, code: answer.body.code }).toEqual({
        route: route.url,
        body,
        status: 401,
        code: 401,
      });
    }
  }
});

test('every envelope says it is UTF-8 JSON: answers, refusals, 401, 404 and 429, in both languages', async () => {
  const user = await signUp(server);
  const types = new Map<string, string | undefined>();
  for (const route of apiRoutes()) {
    for (const [who, headers] of [
      ['anonymous', {}],
      ['signed in', { token: user.token! }],
    ] as const) {
      for (const body of route.method === 'POST' ? BODIES : [undefined]) {
        const answer = await request(server.baseURL, route.method, route.url, body, { ...headers, 'accept-language': 'zh-CN' });
        types.set(`${route.method} ${route.url} ${who} ${JSON.stringify(body)} → ${answer.status}`, answer.headers['content-type']);
      }
    }
  }
  const missing = await request(server.baseURL, 'GET', '/api/no/such/call');
  types.set('404', missing.headers['content-type']);
  expect(missing.status).toBe(404);
  const limited = await startServer({ limits: { registrationsPerAddress: 1 } });
  try {
    await request(limited.baseURL, 'POST', ENDPOINTS.register, {});
    const refused = await request(limited.baseURL, 'POST', ENDPOINTS.register, {});
    expect(refused.status).toBe(429);
    types.set('429', refused.headers['content-type']);
  } finally {
    await limited.close();
  }
  const wrong = [...types].filter(([, type]) => type !== JSON_TYPE);
  expect(wrong).toEqual([]);
  expect(types.size).toBeGreaterThan(100);
});

test('a refusal in Chinese reads as Chinese to a client that does not guess the charset', async () => {
  const answer = await request(
    server.baseURL,
    'POST',
    ENDPOINTS.login,
    { account: 'nobody_here', password: 'wrong-one' },
    {
      'accept-language': 'zh-CN',
    },
  );
  expect(answer.headers['content-type']).toBe(JSON_TYPE);
  expect(answer.body.msg).toBe('账号或密码不正确。');
});
