import { createLoan, installments } from '@instalment/contract/api';
import type { LoanRow } from '../../../src/services/loans';
import { sharedDatabase, signUp, startServer, type TestServer } from '../../helpers';

/** Reaches what the sweep reaches: the approval itself. */
type Internals = { disburseDue(loan: LoanRow): Promise<boolean> };

test('two servers sweeping one database approve a delayed application once', async () => {
  const database = await sharedDatabase();
  const options = { ...database.options, approvalMode: 'delay' as const, approvalDelaySeconds: 60 };
  const servers: TestServer[] = [await startServer(options), await startServer(options)];
  try {
    const [a, b] = servers;
    const user = await signUp(a);
    const { order_no } = await createLoan(user.http, user.application);
    for (const server of servers) server.clock.advance(61_000);
    // Both sweeps read the application as pending before either approves it.
    const seenByB = await b.app.store.q.selectFrom('loans').selectAll().where('order_no', '=', order_no).executeTakeFirstOrThrow();
    await Promise.all([a.app.services.loans.approveDue(null), (b.app.services.loans as unknown as Internals).disburseDue(seenByB)]);
    const schedule = await installments(user.http, { order_no });
    expect(schedule.list.map((item) => item.period)).toEqual([1, 2, 3]);
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    await database.drop();
  }
});
