import type { Migration } from './migration';

/**
 * A rejection's reason from the reviewer's picklist (REJECT_REASON_CODES): stored as its code so
 * the borrower reads it in their own language; `reject_reason` keeps the reviewer's own words.
 */
export const rejectReasons: Migration = {
  version: 15,
  name: 'reject-reasons',
  sql: `
      ALTER TABLE loans ADD COLUMN reject_code TEXT;
  `,
};
