import type { Migration } from './migration';

/**
 * The per-address request counts of the rate limiter, kept in the database rather than in a
 * process's memory, so that a limit holds across restarts and across processes on one database.
 */
export const rateLimits: Migration = {
  version: 5,
  name: 'rate-limits',
  sql: `
      CREATE TABLE rate_limits (
        bucket TEXT NOT NULL,
        key TEXT NOT NULL,
        window_start INTEGER NOT NULL,
        hits INTEGER NOT NULL,
        PRIMARY KEY (bucket, key)
      );
      CREATE INDEX rate_limits_window ON rate_limits (window_start);
  `,
};
