import {
  ADMIN_ENDPOINTS,
  adminPath,
  cashier,
  createLoan,
  DEV_ENDPOINTS,
  installments,
  myLoans,
  orderDetail,
  payoff,
} from '@instalment/shared/api';
import { refusal, signUp, startServer, type TestClient, type TestServer } from '../helpers';
import { operatorsOf } from '../operators';
import { payAtGateway } from './gateway';

/**
 * A loan owes nothing before its money is sent and after its last instalment is paid: it reads
 * so, and the cashier and the payoff quote say why there is nothing to pay, in the loan's own words.
 */
let server: TestServer;
beforeAll(async () => {
  // A lender whose staff decide every application.
  server = await startServer({ approvalMode: 'manual', tokenTtlSeconds: 365 * 24 * 3600 });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

async function applied() {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);
  return { user, order_no };
}

/** What the borrower is told when asking to pay instalment 1, to pay the loan off, and for the payoff quote. */
async function whyNothingToPay(user: TestClient, order_no: string): Promise<string[]> {
  return [
    (await refusal(cashier(user.http, { order_no, periods: '1' }))).message,
    (await refusal(cashier(user.http, { order_no, payoff: '1' }))).message,
    (await refusal(payoff(user.http, { order_no }))).message,
  ];
}

test('a loan under review has nothing to pay yet, and says so', async () => {
  const { user, order_no } = await applied();
  expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'pending', status_label: 'pending review', paid_periods: 0 });
  expect((await myLoans(user.http)).list[0]).toMatchObject({ order_no, status: 'pending' });
  expect(await whyNothingToPay(user, order_no)).toEqual(Array(3).fill('This loan is still under review; there is nothing to pay yet.'));
});

test('an approved loan whose money is on its way has nothing to pay until it arrives, and says so', async () => {
  const { user, order_no } = await applied();
  const reviewer = await loggedIn(['reviewer']);
  expect(await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }))).toEqual({ order_no, status: 'approved' });
  expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'approved', next_due_date: null });
  expect((await myLoans(user.http)).list[0]).toMatchObject({ order_no, status: 'approved' });
  expect(await whyNothingToPay(user, order_no)).toEqual(
    Array(3).fill('This loan is approved and the money is on its way; there is nothing to pay until it arrives.'),
  );
});

test('a rejected application has nothing to pay, and says so', async () => {
  const { user, order_no } = await applied();
  await user.http.post(DEV_ENDPOINTS.reviewLoan, { order_no, decision: 'reject' });
  expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'rejected', paid_periods: 0 });
  expect((await myLoans(user.http)).list[0]).toMatchObject({ order_no, status: 'rejected' });
  expect(await whyNothingToPay(user, order_no)).toEqual(Array(3).fill('This application was rejected; there is nothing to pay.'));
});

test('a loan whose instalments are all paid is settled and has nothing left to pay, and says so', async () => {
  const { user, order_no } = await applied();
  await user.http.post(DEV_ENDPOINTS.reviewLoan, { order_no, decision: 'approve' });
  expect((await orderDetail(user.http, { order_no })).status).toBe('repaying');
  expect(await payAtGateway(server, (await cashier(user.http, { order_no, periods: '1,2,3' })).payment_no)).toBe('success');
  expect(await orderDetail(user.http, { order_no })).toMatchObject({ status: 'settled', paid_periods: 3 });
  expect((await installments(user.http, { order_no })).list.map((item) => item.status)).toEqual(['paid', 'paid', 'paid']);
  expect(await whyNothingToPay(user, order_no)).toEqual(Array(3).fill('This loan is settled; there is nothing left to pay.'));
});
