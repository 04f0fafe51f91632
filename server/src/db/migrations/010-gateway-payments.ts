import type { Migration } from './migration';

/**
 * Payments through a real gateway: the gateway's own trade number, and money that arrived for
 * what could no longer be settled at its price (a day passed, a proof settled the instalment
 * meanwhile). Money that arrived is never refused: what it covers is settled and the rest is
 * kept here for an operator to refund or credit.
 */
export const gatewayPayments: Migration = {
  version: 10,
  name: 'gateway-payments',
  sql: `
      ALTER TABLE payments ADD COLUMN trade_no TEXT;
      CREATE TABLE payment_differences (
        id INTEGER PRIMARY KEY,
        payment_id INTEGER NOT NULL UNIQUE REFERENCES payments(id),
        loan_id INTEGER NOT NULL REFERENCES loans(id),
        received_fen INTEGER NOT NULL,
        settled_fen INTEGER NOT NULL,
        reason TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'open',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX payment_differences_status ON payment_differences (status);
  `,
};
