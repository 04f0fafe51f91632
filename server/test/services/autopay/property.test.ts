import { cashier } from '@instalment/contract/api';
import fc from 'fast-check';
import { withFakes } from '../../fakes';
import { START_MS } from '../../helpers';
import { at, borrower, dueDates, RETURN_URL, runNow, signAtAlipay, startAutopayServer, type Borrower } from './autopay';

/**
 * For random borrowers (signed or not), hand payments opened and paid, due-date runs, unknown
 * answers and short balances in any order: every instalment is settled at most once and only by
 * money that arrived, every trade Alipay took is on record, and no money is lost — what Alipay
 * took is what the instalments settled plus the differences kept for reconciliation.
 */
const loopback = withFakes(['alipay'], ({ alipay }) => startAutopayServer(alipay, { attempts: 2 }));

type Step =
  | { kind: 'open'; who: number }
  | { kind: 'pay'; who: number }
  | { kind: 'run' }
  | { kind: 'unknown'; on: boolean }
  | { kind: 'short'; on: boolean }
  | { kind: 'later'; minutes: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('open' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('pay' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('run' as const) }),
  fc.record({ kind: fc.constant('unknown' as const), on: fc.boolean() }),
  fc.record({ kind: fc.constant('short' as const), on: fc.boolean() }),
  fc.record({ kind: fc.constant('later' as const), minutes: fc.integer({ min: 1, max: 600 }) }),
);

async function play(signed: boolean[], steps: Step[]) {
  loopback.alipay.unknownCharges = false;
  loopback.alipay.balanceFen = 100_000_000;
  loopback.server.clock.now = START_MS;
  const borrowers: Borrower[] = [];
  for (const sign of signed) {
    const user = await borrower(loopback.server);
    if (sign) await signAtAlipay(loopback.alipay, user);
    borrowers.push(user);
  }
  const [due] = await dueDates(borrowers[0]);
  at(loopback.server, due, 9, 0);
  const opened = new Map<number, string>();
  for (const next of steps) {
    if (next.kind === 'open') {
      const user = borrowers[next.who % borrowers.length];
      const payment = await cashier(user.http, { order_no: user.order_no, periods: '1', channel: 'alipay', return_url: RETURN_URL }).catch(
        () => null,
      );
      if (payment) {
        await fetch(payment.pay_url!);
        opened.set(next.who % borrowers.length, payment.payment_no);
      }
    } else if (next.kind === 'pay') {
      const paymentNo = opened.get(next.who % borrowers.length);
      if (paymentNo && loopback.alipay.trades.get(paymentNo)?.status !== 'TRADE_SUCCESS') await loopback.alipay.pay(paymentNo);
    } else if (next.kind === 'run') await runNow(loopback.server);
    else if (next.kind === 'unknown') loopback.alipay.unknownCharges = next.on;
    else if (next.kind === 'short') loopback.alipay.balanceFen = next.on ? 0 : 100_000_000;
    else loopback.server.clock.advance(next.minutes * 60_000);
  }
  // Alipay answers again: what is still in flight is settled by its query.
  loopback.alipay.unknownCharges = false;
  await runNow(loopback.server);
  return borrowers;
}

async function check(borrowers: Borrower[]) {
  const q = loopback.server.app.store.q;
  const orderNos = borrowers.map((user) => user.order_no);
  const loans = await q.selectFrom('loans').select(['id', 'order_no']).where('order_no', 'in', orderNos).execute();
  const loanIds = loans.map((loan) => loan.id);
  const payments = await q.selectFrom('payments').selectAll().where('loan_id', 'in', loanIds).execute();
  const taken = [...loopback.alipay.trades.values()].filter(
    (trade) => trade.status === 'TRADE_SUCCESS' && payments.some((payment) => payment.payment_no === trade.outTradeNo),
  );
  // Every trade Alipay took is on record as paid.
  for (const trade of taken) expect(payments.find((payment) => payment.payment_no === trade.outTradeNo)!.status).toBe('paid');
  const instalments = await q.selectFrom('instalments').selectAll().where('loan_id', 'in', loanIds).execute();
  const paidNos = new Set(taken.map((trade) => trade.outTradeNo));
  let settledFen = 0;
  for (const instalment of instalments) {
    if (instalment.paid_at === null) continue;
    // Settled once, by one payment whose money Alipay took.
    expect(paidNos.has(instalment.paid_by!.replace('payment:', ''))).toBe(true);
    settledFen +=
      instalment.principal_fen +
      (instalment.paid_interest_fen ?? instalment.interest_fen) +
      (instalment.paid_fee_fen ?? instalment.fee_fen) +
      instalment.penalty_fen;
  }
  const differences = await q.selectFrom('payment_differences').selectAll().where('loan_id', 'in', loanIds).execute();
  const keptFen = differences.reduce((sum, difference) => sum + difference.received_fen - difference.settled_fen, 0);
  const takenFen = taken.reduce((sum, trade) => sum + Math.round(Number(trade.totalAmount) * 100), 0);
  expect(settledFen + keptFen).toBe(takenFen);
  // A signed borrower whose charge went through, or who paid, owes nothing for the first instalment.
  const charges = await q.selectFrom('autopay_charges').selectAll().where('loan_id', 'in', loanIds).execute();
  for (const charge of charges.filter((row) => row.state === 'paid')) {
    expect(instalments.find((row) => row.loan_id === charge.loan_id && row.period === 1)!.paid_at).not.toBeNull();
  }
}

test('in any order, every instalment is settled exactly once and no money is lost', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
      fc.array(step, { minLength: 1, maxLength: 12 }),
      async (signed, steps) => check(await play(signed, steps)),
    ),
    { numRuns: 15 },
  );
}, 240_000);
