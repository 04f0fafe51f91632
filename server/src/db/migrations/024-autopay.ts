import type { Migration } from './migration';

/**
 * Automatic repayment through an Alipay withholding agreement (商家扣款). One agreement per
 * borrower serves all their loans: pending from the sign request until Alipay's sign notify (or a
 * query) makes it active, then ended by either side. A charge is one `alipay.trade.pay` on the
 * agreement for a loan's due amount, numbered per loan, due date and attempt; its payment is an
 * ordinary payment row, settled by the cashier's path. "Charged once" is the database's rule: a
 * second attempt cannot start while one is in flight, after one was paid, or after a cap refused
 * the amount (a refused charge never reached Alipay and has no payment).
 */
export const autopay: Migration = {
  version: 24,
  name: 'autopay',
  sql: `
      CREATE TABLE autopay_agreements (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL UNIQUE REFERENCES users(id),
        external_agreement_no TEXT NOT NULL UNIQUE,
        agreement_no TEXT,
        state TEXT NOT NULL,
        consent_version TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        signed_at INTEGER,
        ended_at INTEGER
      );
      CREATE TABLE autopay_charges (
        id INTEGER PRIMARY KEY,
        agreement_id INTEGER NOT NULL REFERENCES autopay_agreements(id),
        loan_id INTEGER NOT NULL REFERENCES loans(id),
        due_date TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        out_trade_no TEXT NOT NULL UNIQUE,
        payment_id INTEGER REFERENCES payments(id),
        amount_fen INTEGER NOT NULL,
        state TEXT NOT NULL,
        reason TEXT,
        created_at INTEGER NOT NULL,
        decided_at INTEGER,
        UNIQUE (loan_id, due_date, attempt)
      );
      CREATE UNIQUE INDEX autopay_charges_once ON autopay_charges (loan_id, due_date) WHERE state <> 'failed';
      CREATE INDEX autopay_charges_state ON autopay_charges (state);
  `,
};
