import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import type { ConsoleRoute } from '../../src/routes/admin/act';
import { startServer, type TestServer } from '../helpers';
import { operatorsOf } from '../operators';

/** A console route as the server registered it. */
interface Registered {
  method: string;
  url: string;
  consoleRoute: ConsoleRoute;
}

let server: TestServer;
const registered: Registered[] = [];
beforeAll(async () => {
  server = await startServer({ approvalMode: 'manual' }, (app) =>
    app.addHook('onRoute', (route) => {
      const consoleRoute = route.config?.consoleRoute;
      if (!consoleRoute || consoleRoute.public) return;
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ method, url: route.url, consoleRoute });
    }),
  );
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

/** The route's path with a value in each parameter: what is read is not there, the door is what is tried. */
const pathOf = (url: string) => url.replace(/:(\w+)/g, (_match, name: string) => (/order|no$/.test(name) ? 'LN0000000000' : '1'));

async function call(token: string, method: string, url: string) {
  const response = await fetch(`${server.baseURL}${pathOf(url)}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    body: method === 'GET' ? undefined : '{}',
  });
  return `${method} ${url} ${response.status}`;
}

/** The routes a role's permission guards (`null`: any operator's own session and password). */
const guarded = (method: (method: string) => boolean) =>
  registered.filter((route) => method(route.method) && route.consoleRoute.permission !== null);

test('the auditor reads every console screen and export, and every write of the console refuses them', async () => {
  const auditor = await loggedIn(['auditor']);
  // The payee's full account is the disbursing operator's alone; the auditor reads who read it, in the audit.
  const reads = guarded((method) => method === 'GET').filter((route) => route.url !== ADMIN_ENDPOINTS.loanPayee);
  const writes = guarded((method) => method !== 'GET');
  // Proofs, payments, differences, borrowers, operators, news, reports and exports among the reads.
  expect(reads.length).toBeGreaterThan(15);
  expect(writes.length).toBeGreaterThan(15);
  const answers = [];
  for (const route of [...reads, ...writes]) answers.push(await call(auditor.token, route.method, route.url));
  const refused = answers.filter((answer) => answer.endsWith(' 403'));
  expect(refused).toEqual(writes.map((route) => `${route.method} ${route.url} 403`));
});
