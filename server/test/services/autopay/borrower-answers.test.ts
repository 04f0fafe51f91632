import { DEV_ENDPOINTS, installments, type OutboxNotice, type SmsOutboxEntry } from '@instalment/contract/api';
import { withFakes } from '../../fakes';
import { at, dueDates, payByHand, runNow, signedBorrower, startAutopayServer } from './autopay';

/** What the borrower reads of automatic repayment outside its own page: their schedule and the SMS they were sent. */
const loopback = withFakes(['alipay'], ({ alipay }) => startAutopayServer(alipay), 'test');

test('an instalment an autopay charge paid reads paid by autopay; one paid by hand does not', async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  const [first, second] = await dueDates(user);
  at(loopback.server, first, 10, 5);
  expect((await runNow(loopback.server)).charged).toBe(1);
  at(loopback.server, second, 8, 0);
  const byHand = await payByHand(loopback.alipay, user, '2');
  await byHand.pay();

  const list = (await installments(user.http, { order_no: user.order_no })).list;
  expect(list.map((item) => [item.status, item.paid_by_autopay])).toEqual([
    ['paid', true],
    ['paid', false],
    ['unpaid', false],
  ]);
});

test('the development outbox lists the autopay notice sent after a charge, beside the codes', async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  const [first] = await dueDates(user);
  at(loopback.server, first, 10, 5);
  await runNow(loopback.server);

  const outbox = await loopback.server
    .client()
    .http.get<Array<SmsOutboxEntry | OutboxNotice>>(DEV_ENDPOINTS.smsOutbox, { mobile: user.mobile });
  expect(outbox[0]).toEqual({
    mobile: user.mobile,
    event: 'autopay_charged',
    order_no: user.order_no,
    period: 1,
    createtime: Math.floor(loopback.server.clock.now / 1000),
  });
  // The registration code is still there, after the newer notice.
  expect(outbox.slice(1).map((entry) => entry.event)).toContain('register');
});
