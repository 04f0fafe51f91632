import { cashier, createLoan, installments, paymentState } from '@instalment/shared/api';
import { LoanRecords } from '../../src/repositories/loans';
import { signUp, START_MS, startServer, type TestClient, type TestServer } from '../helpers';
import { payAtGateway } from './gateway';
import { approve, proof } from './proofs';

/** What settling instalments does to the other ways of paying them, and what it refuses to do twice. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokenTtlSeconds: 365 * 24 * 3600 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.clock.now = START_MS;
});
afterEach(() => {
  jest.restoreAllMocks();
});

async function borrower() {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);
  return { user, order_no };
}

const statuses = async (user: TestClient, order_no: string) =>
  (await installments(user.http, { order_no })).list.map((item) => item.status);

test('a proof that settles instalment 1 voids the open payment for 1 and 2: it shares a period, and can no longer be paid', async () => {
  const { user, order_no } = await borrower();
  const forBoth = await cashier(user.http, { order_no, periods: '1,2' });
  await approve(user, await proof(user, order_no, [1]));
  expect(await paymentState(user.http, { payment_no: forBoth.payment_no })).toMatchObject({ status: 'void', periods: [1, 2] });
  expect(await payAtGateway(server, forBoth.payment_no)).toBe('failed');
  expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
});

test('an instalment found settled while it is being settled fails the whole settlement, which can then be done once', async () => {
  const { user, order_no } = await borrower();
  const due = await cashier(user.http, { order_no, periods: '1,2' });
  const loanId = (await server.app.store.q.selectFrom('loans').select('id').where('order_no', '=', order_no).executeTakeFirstOrThrow()).id;
  // Another writer settles instalment 2 between the price and its update.
  const settle = LoanRecords.prototype.settleInstalment;
  jest
    .spyOn(LoanRecords.prototype, 'settleInstalment')
    .mockImplementationOnce(function (this: LoanRecords, ...args) {
      return settle.apply(this, args);
    })
    .mockResolvedValueOnce(false);
  await expect(server.app.services.payments.confirm(due.payment_no, 'wechat')).rejects.toThrow(
    `instalment 2 of loan ${loanId} was settled twice`,
  );
  // Nothing of it stays: instalment 1 is unpaid again and the payment still open.
  expect(await statuses(user, order_no)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ status: 'open', paid_at: null });
  jest.restoreAllMocks();
  expect(await payAtGateway(server, due.payment_no)).toBe('success');
  expect(await statuses(user, order_no)).toEqual(['paid', 'paid', 'unpaid']);
});
