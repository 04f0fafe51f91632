import type { Migration } from './migration';

/**
 * What became of each borrower's withholding agreement, for support to read: every change of its
 * state (asked for, signed, never signed, ended) and finance's pauses and resumes, with when and
 * by whom (an operator's username; null: the borrower or Alipay); an agreement's earlier
 * signing and end are carried over. A paused agreement stays signed
 * at Alipay and is not charged (`paused_at`) until finance resumes it.
 */
export const autopayHistory: Migration = {
  version: 25,
  name: 'autopay-history',
  sql: `
      ALTER TABLE autopay_agreements ADD COLUMN paused_at INTEGER;
      CREATE TABLE autopay_history (
        id INTEGER PRIMARY KEY,
        agreement_id INTEGER NOT NULL REFERENCES autopay_agreements(id),
        event TEXT NOT NULL,
        operator TEXT,
        at INTEGER NOT NULL
      );
      CREATE INDEX autopay_history_agreement ON autopay_history (agreement_id, id);
      INSERT INTO autopay_history (agreement_id, event, operator, at)
        SELECT id, 'active', NULL, signed_at FROM autopay_agreements WHERE signed_at IS NOT NULL;
      INSERT INTO autopay_history (agreement_id, event, operator, at)
        SELECT id, state, NULL, ended_at FROM autopay_agreements WHERE ended_at IS NOT NULL;
      CREATE INDEX autopay_charges_created ON autopay_charges (created_at);
  `,
};
