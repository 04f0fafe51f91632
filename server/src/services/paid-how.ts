import type { PaidHow } from '@instalment/contract/api';
import type { Store } from '../db/store';
import type { InstalmentRow } from '../repositories/loans';

/**
 * How each paid instalment of a loan was paid, by period, read from what the ledger wrote when it
 * settled it (`paid_by`: `payment:<no>` or `voucher:<id>`): a proof; a payment at the cashier,
 * through its channel, for chosen instalments or as a payoff; or a payment's difference applied by
 * finance. A payment settles its own instalments the instant its money arrives (its `paid_at`);
 * one it settles at another moment was applied from its difference — the rule the daily report's
 * channels read too (`ReportRecords.repaid`).
 */
export async function paidHowOf(store: Store, instalments: readonly InstalmentRow[]): Promise<Map<number, PaidHow>> {
  const paymentNos = [
    ...new Set(instalments.flatMap((row) => (row.paid_by?.startsWith('payment:') ? [row.paid_by.slice('payment:'.length)] : []))),
  ];
  const payments =
    paymentNos.length === 0
      ? []
      : await store.q
          .selectFrom('payments')
          .select(['payment_no', 'payoff', 'channel', 'paid_at'])
          .where('payment_no', 'in', paymentNos)
          .execute();
  const paymentBy = new Map(payments.map((payment) => [payment.payment_no, payment]));
  const how = new Map<number, PaidHow>();
  for (const row of instalments) {
    if (row.paid_at === null || row.paid_by === null) continue;
    const [kind, id] = [row.paid_by.slice(0, row.paid_by.indexOf(':')), row.paid_by.slice(row.paid_by.indexOf(':') + 1)];
    if (kind === 'voucher') {
      how.set(row.period, { by: 'proof', channel: null, payment_no: null, voucher_id: Number(id) });
      continue;
    }
    const payment = paymentBy.get(id);
    if (!payment) continue;
    const by = row.paid_at !== payment.paid_at ? 'difference' : payment.payoff === 1 ? 'payoff' : 'cashier';
    how.set(row.period, { by, channel: payment.channel, payment_no: payment.payment_no, voucher_id: null });
  }
  return how;
}

/**
 * The periods of a loan settled by an automatic repayment charge: paid by a payment that an
 * autopay charge opened (a hand payment that raced the charge and settled first is not one).
 */
export async function paidByAutopay(store: Store, loanId: number, instalments: readonly InstalmentRow[]): Promise<Set<number>> {
  const charged = await store.q
    .selectFrom('autopay_charges')
    .innerJoin('payments', 'payments.id', 'autopay_charges.payment_id')
    .select('payments.payment_no')
    .where('autopay_charges.loan_id', '=', loanId)
    .execute();
  const payments = new Set(charged.map((charge) => `payment:${charge.payment_no}`));
  return new Set(instalments.flatMap((row) => (row.paid_by !== null && payments.has(row.paid_by) ? [row.period] : [])));
}
