import type { Migration } from './migration';

/**
 * Reconciliation: how each payment difference was resolved, by whom and when. A refund keeps its
 * number at the gateway (`refund_no`, Alipay's out_request_no, one per difference, so asking again
 * never refunds twice) and what it returned; a closing keeps its reason (`note`).
 */
export const reconciliation: Migration = {
  version: 14,
  name: 'reconciliation',
  sql: `
      ALTER TABLE payment_differences ADD COLUMN resolved_at INTEGER;
      ALTER TABLE payment_differences ADD COLUMN resolved_by TEXT;
      ALTER TABLE payment_differences ADD COLUMN note TEXT;
      ALTER TABLE payment_differences ADD COLUMN refund_no TEXT;
      ALTER TABLE payment_differences ADD COLUMN refunded_fen INTEGER;
      CREATE INDEX payment_differences_created ON payment_differences (created_at);
      CREATE INDEX payment_differences_resolved ON payment_differences (resolved_at);
  `,
};
