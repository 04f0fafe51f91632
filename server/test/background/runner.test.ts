import { BackgroundRunner } from '../../src/background/runner';
import { sharedDatabase, startServer, type TestDatabase, type TestServer } from '../helpers';

/**
 * Background work (sweeps, approvals, payment reconciliation, reminders) as a deployment of
 * several processes on one database runs it: in one of them at a time, and in another as soon
 * as that one is gone.
 */
const TICK_MS = 50;

let database: TestDatabase;
beforeEach(async () => {
  database = await sharedDatabase();
});
afterEach(() => database.drop());

const start = () => startServer({ ...database.options, backgroundTickMs: TICK_MS });
const holders = (servers: TestServer[]) => servers.filter((server) => server.app.background.holding);
const ticks = (count = 3) => new Promise((resolve) => setTimeout(resolve, count * TICK_MS));

test('of two processes on one database, exactly one runs the background work', async () => {
  const first = await start();
  const second = await start();
  try {
    await ticks();
    expect(holders([first, second])).toHaveLength(1);
    const lease = await first.app.store.q.selectFrom('leases').selectAll().execute();
    expect(lease).toEqual([expect.objectContaining({ name: 'background', holder: holders([first, second])[0].app.background.holder })]);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});

test('a process that stops hands the work over at once; one that dies is replaced once its lease runs out', async () => {
  const first = await start();
  await ticks();
  const second = await start();
  try {
    await ticks();
    expect(holders([first, second])).toEqual([first]);
    // A graceful stop (a deploy) releases the lease: the other takes it at its next tick.
    await first.close();
    await ticks();
    expect(second.app.background.holding).toBe(true);

    // A holder that dies stops renewing: its lease is left to run out (here: another holder's, expired).
    const third = await start();
    try {
      await second.app.store.q
        .updateTable('leases')
        .set({ holder: 'a process that died', expires_at: third.clock.now + 60_000 })
        .execute();
      await ticks();
      expect(holders([second, third])).toEqual([]);
      await second.app.store.q
        .updateTable('leases')
        .set({ expires_at: third.clock.now - 1 })
        .execute();
      await ticks();
      expect(holders([second, third])).toHaveLength(1);
    } finally {
      await third.close();
    }
  } finally {
    await second.close();
  }
});

test('a job that throws does not stop the others, and a round never overlaps itself', async () => {
  const server = await start();
  try {
    // The server's own runner hands the lease back, so that this one can take it.
    await server.app.background.stop();
    const runs: string[] = [];
    const runner = new BackgroundRunner(
      server.app.store,
      () => server.clock.now,
      server.app.log,
      [
        {
          name: 'failing',
          everyMs: 0,
          run: async () => {
            runs.push('failing');
            throw new Error('gateway down');
          },
        },
        { name: 'counting', everyMs: 0, run: async () => runs.push('counting') },
      ],
      { leaseMs: 30_000, tickMs: 60_000 },
    );
    await Promise.all([runner.tick(), runner.tick()]);
    expect(runs).toEqual(['failing', 'counting']);
    await runner.tick();
    expect(runs).toEqual(['failing', 'counting', 'failing', 'counting']);
    await runner.stop();
    expect(await server.app.store.q.selectFrom('leases').selectAll().execute()).toEqual([]);
  } finally {
    await server.close();
  }
});
