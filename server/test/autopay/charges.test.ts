import { cancelAutopay, createLoan, installments } from '@instalment/contract/api';
import { startAlipayFake, type AlipayFake } from '../fakes/alipay';
import { DAY_MS, rowCount, type TestServer } from '../helpers';
import {
  at,
  borrower,
  chargesOf,
  dueDates,
  notices,
  payByHand,
  runNow,
  signAtAlipay,
  signedBorrower,
  startAutopayServer,
  statuses,
} from './autopay';

/**
 * The due-date charge: each due amount of a borrower with an active agreement charged once on
 * its due date, settled by the cashier's path, retried at the charge hours, never assumed.
 */
let alipay: AlipayFake;
let server: TestServer;
beforeAll(async () => {
  alipay = await startAlipayFake();
});
afterAll(() => alipay.close());
beforeEach(async () => {
  alipay.cancels = 0;
  // Each test's database numbers its loans from 1 again, and so its charges: Alipay's must be as new.
  alipay.trades.clear();
  alipay.balanceFen = 100_000_000;
  alipay.unknownCharges = false;
  server = await startAutopayServer(alipay);
});
afterEach(() => server.close());

test('the run charges exactly the due instalments of signed borrowers, once, and tells them', async () => {
  const signed = await signedBorrower(server, alipay);
  const unsigned = await borrower(server);
  // A loan made 10 days later falls due 10 days later: not today.
  server.clock.advance(10 * DAY_MS);
  const later = await signedBorrower(server, alipay);
  const [first] = await dueDates(signed);
  at(server, first, 10, 5);
  const before = alipay.chargeRequests;

  expect((await runNow(server)).charged).toBe(1);
  expect(alipay.chargeRequests - before).toBe(1);
  expect(await statuses(signed)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect(await statuses(unsigned)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  expect(await statuses(later)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  const [charge] = await chargesOf(server, signed.order_no);
  expect(charge).toMatchObject({ attempt: 1, state: 'paid', due_date: first });
  const instalment = (await installments(signed.http, { order_no: signed.order_no })).list[0];
  expect(charge.amount_fen).toBe(Math.round(Number(instalment.total) * 100));
  expect(await notices(server, signed.order_no, 'autopay_charged')).toEqual([{ period: 1, status: 'sent' }]);

  // Run again, the same day or the next: nothing more is charged.
  expect((await runNow(server)).charged).toBe(0);
  server.clock.advance(DAY_MS);
  expect((await runNow(server)).charged).toBe(0);
  expect(alipay.chargeRequests - before).toBe(1);
  expect(await rowCount(server, 'payment_differences')).toBe(0);
});

test('charges are made at the charge hours in the business time zone, not before', async () => {
  const user = await signedBorrower(server, alipay);
  const [first] = await dueDates(user);
  at(server, first, 9, 59);
  expect(await server.app.services.autopay.run()).toBe(0);
  at(server, first, 10, 0);
  expect(await server.app.services.autopay.run()).toBe(1);
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
});

test('a borrower who paid by hand earlier that day is not charged', async () => {
  const user = await signedBorrower(server, alipay);
  const [first] = await dueDates(user);
  at(server, first, 8, 0);
  await (await payByHand(alipay, user, '1')).pay();
  at(server, first, 10, 5);
  const before = alipay.chargeRequests;
  expect((await runNow(server)).charged).toBe(0);
  expect(alipay.chargeRequests).toBe(before);
  expect(await chargesOf(server, user.order_no)).toEqual([]);
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
});

test('a hand payment racing a charge settles the instalment once and leaves one difference', async () => {
  const user = await signedBorrower(server, alipay);
  const [first] = await dueDates(user);
  at(server, first, 9, 55);
  // At Alipay's cashier when the charge is made, and paying after it.
  const byHand = await payByHand(alipay, user, '1');
  at(server, first, 10, 5);
  expect((await runNow(server)).charged).toBe(1);
  await byHand.pay();
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
  const differences = await server.app.store.q.selectFrom('payment_differences').selectAll().execute();
  expect(differences).toHaveLength(1);
  expect(differences[0]).toMatchObject({ settled_fen: 0, status: 'open' });
});

test('insufficient balance: retried at the charge hours, then given up with the SMS', async () => {
  const user = await signedBorrower(server, alipay);
  const [first] = await dueDates(user);
  alipay.balanceFen = 0;
  const before = alipay.chargeRequests;
  at(server, first, 10, 5);
  expect(await server.app.services.autopay.run()).toBe(0);
  // Not again within the same hour's slot.
  at(server, first, 12, 0);
  expect(await server.app.services.autopay.run()).toBe(0);
  expect(alipay.chargeRequests - before).toBe(1);
  expect(await notices(server, user.order_no, 'autopay_failed')).toEqual([]);
  at(server, first, 16, 1);
  await server.app.services.autopay.run();
  at(server, first, 20, 1);
  await server.app.services.autopay.run();
  expect(alipay.chargeRequests - before).toBe(3);
  expect((await chargesOf(server, user.order_no)).map((charge) => [charge.attempt, charge.state, charge.reason])).toEqual([
    [1, 'failed', 'balance'],
    [2, 'failed', 'balance'],
    [3, 'failed', 'balance'],
  ]);
  expect(await notices(server, user.order_no, 'autopay_failed')).toEqual([{ period: 1, status: 'sent' }]);
  // Three attempts were all: the next day's hours charge nothing more.
  alipay.balanceFen = 100_000_000;
  server.clock.advance(DAY_MS);
  await runNow(server);
  expect(alipay.chargeRequests - before).toBe(3);
  expect(await statuses(user)).toEqual(['overdue', 'unpaid', 'unpaid']);
});

test('an unknown outcome is queried and settled by its answer, never assumed and never charged twice', async () => {
  const user = await signedBorrower(server, alipay);
  const [first] = await dueDates(user);
  at(server, first, 10, 5);
  alipay.unknownCharges = true;
  const before = alipay.chargeRequests;
  await runNow(server);
  expect(await statuses(user)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  expect((await chargesOf(server, user.order_no)).map((charge) => charge.state)).toEqual(['charging']);
  alipay.unknownCharges = false;
  at(server, first, 16, 5);
  expect((await runNow(server)).charged).toBe(1);
  expect(alipay.chargeRequests - before).toBe(1);
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect((await chargesOf(server, user.order_no)).map((charge) => charge.state)).toEqual(['paid']);
});

test('an unknown outcome that took nothing stays in flight, is closed at Alipay after 15 minutes, and the next charge takes it', async () => {
  const user = await signedBorrower(server, alipay);
  const [first] = await dueDates(user);
  at(server, first, 10, 5);
  alipay.unknownCharges = true;
  alipay.balanceFen = 0;
  await runNow(server);
  alipay.unknownCharges = false;
  alipay.balanceFen = 100_000_000;
  at(server, first, 10, 15);
  await runNow(server);
  expect(await statuses(user)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  expect((await chargesOf(server, user.order_no)).map((charge) => charge.state)).toEqual(['charging']);
  expect(alipay.cancels).toBe(0);

  at(server, first, 16, 5);
  const before = alipay.chargeRequests;
  expect((await runNow(server)).charged).toBe(1);
  expect(alipay.cancels).toBe(1);
  expect(alipay.chargeRequests - before).toBe(1);
  expect((await chargesOf(server, user.order_no)).map((charge) => [charge.attempt, charge.state, charge.reason])).toEqual([
    [1, 'failed', 'unknown'],
    [2, 'paid', null],
  ]);
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect(await rowCount(server, 'payment_differences')).toBe(0);
});

test('an ended agreement is never charged', async () => {
  const user = await signedBorrower(server, alipay);
  await cancelAutopay(user.http);
  const ended = await signedBorrower(server, alipay);
  await alipay.endAgreement(ended.externalNo);
  const [first] = await dueDates(user);
  at(server, first, 10, 5);
  const before = alipay.chargeRequests;
  expect((await runNow(server)).charged).toBe(0);
  expect(alipay.chargeRequests).toBe(before);
  expect(await statuses(user)).toEqual(['unpaid', 'unpaid', 'unpaid']);
});

test('overdue instalments go with the due one, priced with their penalty as of today', async () => {
  const user = await borrower(server);
  const [first, second] = await dueDates(user);
  // Signed only after the first instalment fell overdue.
  at(server, second, 8, 0);
  await signAtAlipay(alipay, user);
  const owed = (await installments(user.http, { order_no: user.order_no })).list.slice(0, 2);
  expect(owed[0].status).toBe('overdue');
  at(server, second, 10, 5);
  await runNow(server);
  const [charge] = await chargesOf(server, user.order_no);
  expect(charge).toMatchObject({ due_date: second, state: 'paid' });
  expect(charge.amount_fen).toBe(owed.reduce((sum, item) => sum + Math.round(Number(item.total) * 100), 0));
  expect(await statuses(user)).toEqual(['paid', 'paid', 'unpaid']);
  expect(first < second).toBe(true);
});

test('a due amount above the charge cap is refused before it reaches Alipay, and the borrower told', async () => {
  await server.close();
  server = await startAutopayServer(alipay, { chargeCapFen: 100_00 });
  const user = await signedBorrower(server, alipay);
  const [first] = await dueDates(user);
  at(server, first, 10, 5);
  const before = alipay.chargeRequests;
  await runNow(server);
  await runNow(server);
  expect(alipay.chargeRequests).toBe(before);
  expect((await chargesOf(server, user.order_no)).map((charge) => [charge.state, charge.reason])).toEqual([['refused', 'charge_cap']]);
  expect(await notices(server, user.order_no, 'autopay_failed')).toEqual([{ period: 1, status: 'sent' }]);
});

test("the month's cap of an agreement counts what its charges took: past it, the next loan's charge is refused", async () => {
  await server.close();
  server = await startAutopayServer(alipay, { monthlyCapFen: 5_000_00 });
  const user = await signedBorrower(server, alipay);
  const second = await createLoan(user.http, { ...user.application, amount: '3000.00' });
  const [first] = await dueDates(user);
  at(server, first, 10, 5);
  await runNow(server);
  const states = [...(await chargesOf(server, user.order_no)), ...(await chargesOf(server, second.order_no))];
  expect(states.map((charge) => charge.state).sort()).toEqual(['paid', 'refused']);
  expect(states.find((charge) => charge.state === 'refused')!.reason).toBe('monthly_cap');
});

test('the reminder before the due date tells a signed borrower the amount will be charged automatically', async () => {
  const signed = await signedBorrower(server, alipay);
  const unsigned = await borrower(server);
  const [first] = await dueDates(signed);
  server.clock.now = Date.parse(`${first}T10:00:00+08:00`) - 3 * DAY_MS;
  await server.app.services.reminders.sendDue();
  expect(await notices(server, signed.order_no, 'autopay_due')).toEqual([{ period: 1, status: 'sent' }]);
  expect(await notices(server, signed.order_no, 'due')).toEqual([]);
  expect(await notices(server, unsigned.order_no, 'due')).toEqual([{ period: 1, status: 'sent' }]);
});
