import type { Migration } from './migration';

/**
 * Consent at registration, as a lender must be able to show it: which version of the terms and
 * of the privacy policy, when, and from which address. Rows are only ever added.
 */
export const consents: Migration = {
  version: 7,
  name: 'consents',
  sql: `
      CREATE TABLE consents (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id),
        document TEXT NOT NULL,
        version TEXT NOT NULL,
        agreed_at INTEGER NOT NULL,
        address TEXT NOT NULL
      );
      CREATE INDEX consents_user ON consents (user_id);
  `,
};
