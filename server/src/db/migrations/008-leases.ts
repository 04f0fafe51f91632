import type { Migration } from './migration';

/**
 * Who runs the background work (sweeps, payment reconciliation, reminders): one process at a
 * time holds a lease and renews it; when it stops renewing, another takes it over.
 */
export const leases: Migration = {
  version: 8,
  name: 'leases',
  sql: `
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
  `,
};
