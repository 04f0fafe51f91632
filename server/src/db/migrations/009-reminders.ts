import type { Migration } from './migration';

/**
 * Due reminders by SMS: one row per instalment and kind, taken before the message is sent, so
 * that two processes never send the same reminder and a failed one is tried again; and each
 * borrower's choice to receive them (on unless turned off).
 */
export const reminders: Migration = {
  version: 9,
  name: 'reminders',
  sql: `
      CREATE TABLE reminders (
        id INTEGER PRIMARY KEY,
        loan_id INTEGER NOT NULL REFERENCES loans(id),
        period INTEGER NOT NULL,
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        claimed_at INTEGER NOT NULL,
        sent_at INTEGER,
        UNIQUE (loan_id, period, kind)
      );
      ALTER TABLE users ADD COLUMN sms_reminders INTEGER NOT NULL DEFAULT 1;
  `,
};
