import type { FastifySchema } from 'fastify';
import { DOCS_PATH } from '../../../src/openapi/document';
import { startServer, type TestServer } from '../../helpers';

/**
 * One input boundary (issue 30): every route says, as a schema, what it takes and what it
 * answers, so the validator judges a request once and the serializer writes only the answer's
 * declared fields. A route added without its schemas fails here.
 */

/** Routes that read nothing from the request but who is asking. */
const TAKES_NOTHING = new Set<string>([
  'POST /api/user/logout',
  'GET /api/user/consents',
  'GET /api/user/index',
  'GET /api/loan/rates',
  'GET /api/loan/channels',
  'GET /api/loan/bankInfo',
  'GET /api/loan/credit',
  'POST /api/user/export',
  'GET /api/user/close',
  'GET /api/autopay',
  'POST /api/autopay/cancel',
  'POST /admin/api/auth/logout',
  'GET /admin/api/releases',
  'GET /admin/api/auth/me',
  'GET /admin/api/queues',
  'GET /admin/api/reports/overdue',
  'GET /admin/api/export/overdue',
  'GET /admin/api/settings',
  'GET /admin/api/operators',
  'GET /health',
  'GET /health/live',
  'GET /health/ready',
]);

interface Declared {
  route: string;
  schema: FastifySchema | undefined;
  takesParams: boolean;
}

let server: TestServer;
const declared: Declared[] = [];

beforeAll(async () => {
  server = await startServer({}, (app) =>
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        // The development server's rendering of the API document: Swagger UI's files, not the API.
        if (method === 'HEAD' || method === 'OPTIONS' || route.url.startsWith(DOCS_PATH)) continue;
        declared.push({ route: `${method} ${route.url}`, schema: route.schema, takesParams: route.url.includes(':') });
      }
    }),
  );
});
afterAll(() => server.close());

test('every route that takes input declares it: body, query or path', () => {
  const missing = declared
    .filter(({ route }) => !TAKES_NOTHING.has(route))
    .filter(({ schema, takesParams }) => !(schema?.body || schema?.querystring || schema?.params) || (takesParams && !schema?.params))
    .map(({ route }) => route);
  expect(missing).toEqual([]);
});

/**
 * A route answers 200, or 303 when its answer is to send the browser elsewhere (the sandbox
 * gateway's button), or 204 when no one reads it (a browser's reports, sent by sendBeacon).
 */
test('every route declares its answer', () => {
  const missing = declared
    .filter(({ schema }) => {
      const answers = schema?.response as Record<string, unknown> | undefined;
      return !(answers?.['200'] ?? answers?.['303'] ?? answers?.['204']);
    })
    .map(({ route }) => route);
  expect(missing).toEqual([]);
});

test('the list names only routes that exist', () => {
  const routes = new Set(declared.map(({ route }) => route));
  for (const route of TAKES_NOTHING) expect(routes).toContain(route);
});
