import type { Migration } from './migration';

/**
 * What borrowers' browsers report (POST /api/telemetry), kept a week for the Releases screen and
 * the canary's automatic abort: one row per page view with its speed, and each remote release's
 * errors grouped by what they are (kind, message, where in the code), with how many arrived when
 * (one row per group and batch), so that a window of time counts them. Nothing personal: routes
 * are patterns, messages are scrubbed, frames are kept only as the code's file and line.
 */
export const telemetry: Migration = {
  version: 26,
  name: 'telemetry',
  sql: `
      CREATE TABLE telemetry_views (
        id INTEGER PRIMARY KEY,
        remote TEXT NOT NULL,
        release TEXT NOT NULL,
        side TEXT NOT NULL,
        route TEXT NOT NULL,
        fallback INTEGER NOT NULL,
        lcp_ms INTEGER,
        inp_ms INTEGER,
        cls REAL,
        ttfb_ms INTEGER,
        at INTEGER NOT NULL
      );
      CREATE INDEX telemetry_views_release ON telemetry_views (remote, release, at);
      CREATE INDEX telemetry_views_at ON telemetry_views (at);
      CREATE TABLE telemetry_errors (
        id INTEGER PRIMARY KEY,
        remote TEXT NOT NULL,
        release TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        kind TEXT NOT NULL,
        message TEXT NOT NULL,
        source TEXT,
        first_at INTEGER NOT NULL,
        UNIQUE (remote, release, fingerprint)
      );
      CREATE TABLE telemetry_error_counts (
        error_id INTEGER NOT NULL REFERENCES telemetry_errors(id),
        count INTEGER NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX telemetry_error_counts_error ON telemetry_error_counts (error_id, at);
      CREATE INDEX telemetry_error_counts_at ON telemetry_error_counts (at);
  `,
};
