import { ENDPOINTS } from '@instalment/contract/api';
import { sharedDatabase, startServer, type TestDatabase, type TestServer } from '../../helpers';
import { flood, post } from './traffic';

/**
 * The per-address limits are counted in the database, not in a server's memory: two servers on
 * one database (as two processes behind a load balancer would be) and a restart share one count.
 */
describe('per-address limits hold across servers on one database and across a restart', () => {
  let database: TestDatabase;
  const servers: TestServer[] = [];
  const start = async () => {
    const server = await startServer({ ...database.options, limits: { smsSendsPerAddress: 10 } });
    servers.push(server);
    return server;
  };
  beforeEach(async () => {
    database = await sharedDatabase();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await database.drop();
  });

  const sendTo = (server: TestServer, index: number) =>
    post(server.baseURL, ENDPOINTS.smsSend, { mobile: `137${String(index).padStart(8, '0')}`, event: 'register' });

  test('simultaneous sends spread over two servers stop at the one limit', async () => {
    const [a, b] = [await start(), await start()];
    const answers = await flood(60, 16, (index) => sendTo(index % 2 === 0 ? a : b, index));
    expect(answers.filter((answer) => answer.body.code === 1)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(50);
  });

  test('a restarted server remembers what the address has already spent', async () => {
    const first = await start();
    const spent = await flood(8, 4, (index) => sendTo(first, index));
    expect(spent.every((answer) => answer.body.code === 1)).toBe(true);
    await servers.splice(0)[0].close();
    const again = await start();
    const answers = await flood(5, 1, (index) => sendTo(again, 100 + index));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 429, 429]);
  });

  test('each limited route counts on its own', async () => {
    const server = await start();
    await flood(10, 4, (index) => sendTo(server, index));
    expect((await sendTo(server, 99)).status).toBe(429);
    const login = await post(server.baseURL, ENDPOINTS.login, { account: '13700000001', password: 'wrong-password' });
    expect(login.status).toBe(200);
  });
});
