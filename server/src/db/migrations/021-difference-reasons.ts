import type { Migration } from './migration';

/**
 * A difference says what happened: what its instalments cost when the money arrived (`due_fen`,
 * beside the payment's own price), so that "the price rose" reads with both amounts. The reason
 * once named after the payment's status reads what it meant: `closed` was a superseded payment;
 * `repriced` was a price that moved by an amount never kept, now `amount_unknown`.
 */
export const differenceReasons: Migration = {
  version: 21,
  name: 'difference-reasons',
  sql: `
      ALTER TABLE payment_differences ADD COLUMN due_fen INTEGER;
      UPDATE payment_differences SET reason = 'superseded' WHERE reason = 'closed';
      UPDATE payment_differences SET reason = 'amount_unknown' WHERE reason = 'repriced';
  `,
};
