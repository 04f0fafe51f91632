import { withFakes } from '../../fakes';
import { sharedDatabase, type TestDatabase } from '../../helpers';
import { at, chargesOf, dueDates, runNow, signedBorrower, startAutopayServer, statuses } from './autopay';

/** Two API processes on one database run the due-date charge at the same moment: each due amount is charged once. */
const loopback = withFakes(['alipay']);
let database: TestDatabase;
beforeAll(async () => {
  database = await sharedDatabase();
});
afterAll(() => database.drop());

test('two servers running the charge at once charge each signed borrower’s due instalment exactly once', async () => {
  const first = await startAutopayServer(loopback.alipay, {}, database.options);
  const second = await startAutopayServer(loopback.alipay, {}, database.options);
  try {
    const borrowers = [];
    for (let count = 0; count < 4; count += 1) borrowers.push(await signedBorrower(first, loopback.alipay));
    const [due] = await dueDates(borrowers[0]);
    at(first, due, 10, 5);
    at(second, due, 10, 5);
    const before = loopback.alipay.chargeRequests;
    const runs = await Promise.all([runNow(first), runNow(second), runNow(first), runNow(second)]);
    expect(runs.reduce((sum, run) => sum + run.charged, 0)).toBe(4);
    expect(loopback.alipay.chargeRequests - before).toBe(4);
    for (const user of borrowers) {
      expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
      expect((await chargesOf(first, user.order_no)).map((charge) => charge.state)).toEqual(['paid']);
    }
    const paid = await first.app.store.q.selectFrom('payments').select('payment_no').where('status', '=', 'paid').execute();
    expect(paid).toHaveLength(4);
    expect(await first.app.store.q.selectFrom('payment_differences').selectAll().execute()).toEqual([]);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});
