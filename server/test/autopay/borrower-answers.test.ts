import { DEV_ENDPOINTS, installments, type OutboxNotice, type SmsOutboxEntry } from '@instalment/contract/api';
import { startAlipayFake, type AlipayFake } from '../fakes/alipay';
import type { TestServer } from '../helpers';
import { at, dueDates, payByHand, runNow, signedBorrower, startAutopayServer } from './autopay';

/** What the borrower reads of automatic repayment outside its own page: their schedule and the SMS they were sent. */
let alipay: AlipayFake;
let server: TestServer;
beforeAll(async () => {
  alipay = await startAlipayFake();
});
afterAll(() => alipay.close());
beforeEach(async () => {
  // Each test's database numbers its loans from 1 again, and so its charges: Alipay's must be as new.
  alipay.trades.clear();
  alipay.balanceFen = 100_000_000;
  alipay.unknownCharges = false;
  server = await startAutopayServer(alipay);
});
afterEach(() => server.close());

test('an instalment an autopay charge paid reads paid by autopay; one paid by hand does not', async () => {
  const user = await signedBorrower(server, alipay);
  const [first, second] = await dueDates(user);
  at(server, first, 10, 5);
  expect((await runNow(server)).charged).toBe(1);
  at(server, second, 8, 0);
  const byHand = await payByHand(alipay, user, '2');
  await byHand.pay();

  const list = (await installments(user.http, { order_no: user.order_no })).list;
  expect(list.map((item) => [item.status, item.paid_by_autopay])).toEqual([
    ['paid', true],
    ['paid', false],
    ['unpaid', false],
  ]);
});

test('the development outbox lists the autopay notice sent after a charge, beside the codes', async () => {
  const user = await signedBorrower(server, alipay);
  const [first] = await dueDates(user);
  at(server, first, 10, 5);
  await runNow(server);

  const outbox = await server.client().http.get<Array<SmsOutboxEntry | OutboxNotice>>(DEV_ENDPOINTS.smsOutbox, { mobile: user.mobile });
  expect(outbox[0]).toEqual({
    mobile: user.mobile,
    event: 'autopay_charged',
    order_no: user.order_no,
    period: 1,
    createtime: Math.floor(server.clock.now / 1000),
  });
  // The registration code is still there, after the newer notice.
  expect(outbox.slice(1).map((entry) => entry.event)).toContain('register');
});
