import { cancelAutopay, createLoan, installments } from '@instalment/contract/api';
import { withFakes } from '../../fakes';
import { DAY_MS, rowCount } from '../../helpers';
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
const loopback = withFakes(['alipay'], ({ alipay }) => startAutopayServer(alipay), 'test');

test('the run charges exactly the due instalments of signed borrowers, once, and tells them', async () => {
  const signed = await signedBorrower(loopback.server, loopback.alipay);
  const unsigned = await borrower(loopback.server);
  // A loan made 10 days later falls due 10 days later: not today.
  loopback.server.clock.advance(10 * DAY_MS);
  const later = await signedBorrower(loopback.server, loopback.alipay);
  const [first] = await dueDates(signed);
  at(loopback.server, first, 10, 5);
  const before = loopback.alipay.chargeRequests;

  expect((await runNow(loopback.server)).charged).toBe(1);
  expect(loopback.alipay.chargeRequests - before).toBe(1);
  expect(await statuses(signed)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect(await statuses(unsigned)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  expect(await statuses(later)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  const [charge] = await chargesOf(loopback.server, signed.order_no);
  expect(charge).toMatchObject({ attempt: 1, state: 'paid', due_date: first });
  const instalment = (await installments(signed.http, { order_no: signed.order_no })).list[0];
  expect(charge.amount_fen).toBe(Math.round(Number(instalment.total) * 100));
  expect(await notices(loopback.server, signed.order_no, 'autopay_charged')).toEqual([{ period: 1, status: 'sent' }]);

  // Run again, the same day or the next: nothing more is charged.
  expect((await runNow(loopback.server)).charged).toBe(0);
  loopback.server.clock.advance(DAY_MS);
  expect((await runNow(loopback.server)).charged).toBe(0);
  expect(loopback.alipay.chargeRequests - before).toBe(1);
  expect(await rowCount(loopback.server, 'payment_differences')).toBe(0);
});

test('charges are made at the charge hours in the business time zone, not before', async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  const [first] = await dueDates(user);
  at(loopback.server, first, 9, 59);
  expect(await loopback.server.app.services.autopay.run()).toBe(0);
  at(loopback.server, first, 10, 0);
  expect(await loopback.server.app.services.autopay.run()).toBe(1);
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
});

test('a borrower who paid by hand earlier that day is not charged', async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  const [first] = await dueDates(user);
  at(loopback.server, first, 8, 0);
  await (await payByHand(loopback.alipay, user, '1')).pay();
  at(loopback.server, first, 10, 5);
  const before = loopback.alipay.chargeRequests;
  expect((await runNow(loopback.server)).charged).toBe(0);
  expect(loopback.alipay.chargeRequests).toBe(before);
  expect(await chargesOf(loopback.server, user.order_no)).toEqual([]);
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
});

test('a hand payment racing a charge settles the instalment once and leaves one difference', async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  const [first] = await dueDates(user);
  at(loopback.server, first, 9, 55);
  // At Alipay's cashier when the charge is made, and paying after it.
  const byHand = await payByHand(loopback.alipay, user, '1');
  at(loopback.server, first, 10, 5);
  expect((await runNow(loopback.server)).charged).toBe(1);
  await byHand.pay();
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
  const differences = await loopback.server.app.store.q.selectFrom('payment_differences').selectAll().execute();
  expect(differences).toHaveLength(1);
  expect(differences[0]).toMatchObject({ settled_fen: 0, status: 'open' });
});

test('insufficient balance: retried at the charge hours, then given up with the SMS', async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  const [first] = await dueDates(user);
  loopback.alipay.balanceFen = 0;
  const before = loopback.alipay.chargeRequests;
  at(loopback.server, first, 10, 5);
  expect(await loopback.server.app.services.autopay.run()).toBe(0);
  // Not again within the same hour's slot.
  at(loopback.server, first, 12, 0);
  expect(await loopback.server.app.services.autopay.run()).toBe(0);
  expect(loopback.alipay.chargeRequests - before).toBe(1);
  expect(await notices(loopback.server, user.order_no, 'autopay_failed')).toEqual([]);
  at(loopback.server, first, 16, 1);
  await loopback.server.app.services.autopay.run();
  at(loopback.server, first, 20, 1);
  await loopback.server.app.services.autopay.run();
  expect(loopback.alipay.chargeRequests - before).toBe(3);
  expect((await chargesOf(loopback.server, user.order_no)).map((charge) => [charge.attempt, charge.state, charge.reason])).toEqual([
    [1, 'failed', 'balance'],
    [2, 'failed', 'balance'],
    [3, 'failed', 'balance'],
  ]);
  expect(await notices(loopback.server, user.order_no, 'autopay_failed')).toEqual([{ period: 1, status: 'sent' }]);
  // Three attempts were all: the next day's hours charge nothing more.
  loopback.alipay.balanceFen = 100_000_000;
  loopback.server.clock.advance(DAY_MS);
  await runNow(loopback.server);
  expect(loopback.alipay.chargeRequests - before).toBe(3);
  expect(await statuses(user)).toEqual(['overdue', 'unpaid', 'unpaid']);
});

test('an unknown outcome is queried and settled by its answer, never assumed and never charged twice', async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  const [first] = await dueDates(user);
  at(loopback.server, first, 10, 5);
  loopback.alipay.unknownCharges = true;
  const before = loopback.alipay.chargeRequests;
  await runNow(loopback.server);
  expect(await statuses(user)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  expect((await chargesOf(loopback.server, user.order_no)).map((charge) => charge.state)).toEqual(['charging']);
  loopback.alipay.unknownCharges = false;
  at(loopback.server, first, 16, 5);
  expect((await runNow(loopback.server)).charged).toBe(1);
  expect(loopback.alipay.chargeRequests - before).toBe(1);
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect((await chargesOf(loopback.server, user.order_no)).map((charge) => charge.state)).toEqual(['paid']);
});

test("a charge Alipay took on the due date but answered days later pays that day's amount: no penalty, no difference", async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  const [first] = await dueDates(user);
  at(loopback.server, first, 10, 5);
  loopback.alipay.unknownCharges = true;
  await runNow(loopback.server);
  const [{ amount_fen: charged }] = await chargesOf(loopback.server, user.order_no);
  // Past the grace days: paid by hand today, the instalment would cost a penalty on top.
  loopback.alipay.unknownCharges = false;
  loopback.server.clock.advance(6 * DAY_MS);
  await runNow(loopback.server);

  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect((await chargesOf(loopback.server, user.order_no)).map((charge) => [charge.state, charge.amount_fen])).toEqual([['paid', charged]]);
  expect(await rowCount(loopback.server, 'payment_differences')).toBe(0);
  const [instalment] = await loopback.server.app.store.q
    .selectFrom('instalments')
    .innerJoin('loans', 'loans.id', 'instalments.loan_id')
    .select(['instalments.penalty_fen', 'instalments.overdue_days'])
    .where('loans.order_no', '=', user.order_no)
    .where('instalments.period', '=', 1)
    .execute();
  expect(instalment).toEqual({ penalty_fen: 0, overdue_days: 0 });
});

test('an unknown outcome that took nothing stays in flight, is closed at Alipay after 15 minutes, and the next charge takes it', async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  const [first] = await dueDates(user);
  at(loopback.server, first, 10, 5);
  loopback.alipay.unknownCharges = true;
  loopback.alipay.balanceFen = 0;
  await runNow(loopback.server);
  loopback.alipay.unknownCharges = false;
  loopback.alipay.balanceFen = 100_000_000;
  at(loopback.server, first, 10, 15);
  await runNow(loopback.server);
  expect(await statuses(user)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  expect((await chargesOf(loopback.server, user.order_no)).map((charge) => charge.state)).toEqual(['charging']);
  expect(loopback.alipay.cancels).toBe(0);

  at(loopback.server, first, 16, 5);
  const before = loopback.alipay.chargeRequests;
  expect((await runNow(loopback.server)).charged).toBe(1);
  expect(loopback.alipay.cancels).toBe(1);
  expect(loopback.alipay.chargeRequests - before).toBe(1);
  expect((await chargesOf(loopback.server, user.order_no)).map((charge) => [charge.attempt, charge.state, charge.reason])).toEqual([
    [1, 'failed', 'unknown'],
    [2, 'paid', null],
  ]);
  expect(await statuses(user)).toEqual(['paid', 'unpaid', 'unpaid']);
  expect(await rowCount(loopback.server, 'payment_differences')).toBe(0);
});

test('an ended agreement is never charged', async () => {
  const user = await signedBorrower(loopback.server, loopback.alipay);
  await cancelAutopay(user.http);
  const ended = await signedBorrower(loopback.server, loopback.alipay);
  await loopback.alipay.endAgreement(ended.externalNo);
  const [first] = await dueDates(user);
  at(loopback.server, first, 10, 5);
  const before = loopback.alipay.chargeRequests;
  expect((await runNow(loopback.server)).charged).toBe(0);
  expect(loopback.alipay.chargeRequests).toBe(before);
  expect(await statuses(user)).toEqual(['unpaid', 'unpaid', 'unpaid']);
});

test('overdue instalments go with the due one, priced with their penalty as of today', async () => {
  const user = await borrower(loopback.server);
  const [first, second] = await dueDates(user);
  // Signed only after the first instalment fell overdue.
  at(loopback.server, second, 8, 0);
  await signAtAlipay(loopback.alipay, user);
  const owed = (await installments(user.http, { order_no: user.order_no })).list.slice(0, 2);
  expect(owed[0].status).toBe('overdue');
  at(loopback.server, second, 10, 5);
  await runNow(loopback.server);
  const [charge] = await chargesOf(loopback.server, user.order_no);
  expect(charge).toMatchObject({ due_date: second, state: 'paid' });
  expect(charge.amount_fen).toBe(owed.reduce((sum, item) => sum + Math.round(Number(item.total) * 100), 0));
  expect(await statuses(user)).toEqual(['paid', 'paid', 'unpaid']);
  expect(first < second).toBe(true);
});

test('a due amount above the charge cap is refused before it reaches Alipay, and the borrower told', async () => {
  // A server of its own: the cap is a setting of the process.
  const server = await startAutopayServer(loopback.alipay, { chargeCapFen: 100_00 });
  try {
    const user = await signedBorrower(server, loopback.alipay);
    const [first] = await dueDates(user);
    at(server, first, 10, 5);
    const before = loopback.alipay.chargeRequests;
    await runNow(server);
    await runNow(server);
    expect(loopback.alipay.chargeRequests).toBe(before);
    expect((await chargesOf(server, user.order_no)).map((charge) => [charge.state, charge.reason])).toEqual([['refused', 'charge_cap']]);
    expect(await notices(server, user.order_no, 'autopay_failed')).toEqual([{ period: 1, status: 'sent' }]);
  } finally {
    await server.close();
  }
});

test("the month's cap of an agreement counts what its charges took: past it, the next loan's charge is refused", async () => {
  // A server of its own: the cap is a setting of the process.
  const server = await startAutopayServer(loopback.alipay, { monthlyCapFen: 5_000_00 });
  try {
    const user = await signedBorrower(server, loopback.alipay);
    const second = await createLoan(user.http, { ...user.application, amount: '3000.00' });
    const [first] = await dueDates(user);
    at(server, first, 10, 5);
    await runNow(server);
    const states = [...(await chargesOf(server, user.order_no)), ...(await chargesOf(server, second.order_no))];
    expect(states.map((charge) => charge.state).sort()).toEqual(['paid', 'refused']);
    expect(states.find((charge) => charge.state === 'refused')!.reason).toBe('monthly_cap');
  } finally {
    await server.close();
  }
});

test('the reminder before the due date tells a signed borrower the amount will be charged automatically', async () => {
  const signed = await signedBorrower(loopback.server, loopback.alipay);
  const unsigned = await borrower(loopback.server);
  const [first] = await dueDates(signed);
  loopback.server.clock.now = Date.parse(`${first}T10:00:00+08:00`) - 3 * DAY_MS;
  await loopback.server.app.services.reminders.sendDue();
  expect(await notices(loopback.server, signed.order_no, 'autopay_due')).toEqual([{ period: 1, status: 'sent' }]);
  expect(await notices(loopback.server, signed.order_no, 'due')).toEqual([]);
  expect(await notices(loopback.server, unsigned.order_no, 'due')).toEqual([{ period: 1, status: 'sent' }]);
});
