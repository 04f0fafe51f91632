import type { Migration } from './migration';

/**
 * Closed accounts: the row stays, its personal fields erased, so that its phone number and its ID
 * number's blind index stay taken (no new account can have them) and its loans keep their
 * borrower until the retention job erases them all, `RETENTION_YEARS` after `closed_at`.
 */
export const accountClosing: Migration = {
  version: 17,
  name: 'account-closing',
  sql: `
      ALTER TABLE users ADD COLUMN closed_at INTEGER;
      CREATE INDEX users_closed_at ON users(closed_at) WHERE closed_at IS NOT NULL;
  `,
};
