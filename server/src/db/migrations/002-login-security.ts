import type { Migration } from './migration';

const STATEMENTS = `
-- One row per password check that did not succeed (or is still running: the row is reserved
-- before the hash and deleted if the password was right). account: 'user:<id>' for a known
-- account, 'typed:<lower-cased identifier>' for an unknown one; address: the client's IP.
CREATE TABLE login_failures (
  id INTEGER PRIMARY KEY,
  account TEXT NOT NULL,
  address TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX login_failures_account ON login_failures(account, at);
CREATE INDEX login_failures_address ON login_failures(address, at);
CREATE INDEX login_failures_at ON login_failures(at);

-- A chunked upload in progress and each chunk received (its size, and the file that holds it:
-- a retried chunk gets a new file, so parallel copies of one chunk never share a name), so that
-- the session's total is checked and reserved in one transaction before a chunk reaches the disk.
CREATE TABLE chunk_sessions (
  user_id INTEGER NOT NULL REFERENCES users(id),
  chunkid TEXT NOT NULL,
  chunkcount INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, chunkid)
);
CREATE INDEX chunk_sessions_updated ON chunk_sessions(updated_at);

CREATE TABLE chunk_parts (
  user_id INTEGER NOT NULL,
  chunkid TEXT NOT NULL,
  chunkindex INTEGER NOT NULL,
  size INTEGER NOT NULL,
  file TEXT NOT NULL,
  PRIMARY KEY (user_id, chunkid, chunkindex),
  FOREIGN KEY (user_id, chunkid) REFERENCES chunk_sessions(user_id, chunkid) ON DELETE CASCADE
);

-- Bytes each user sent (files and chunks), for the daily upload quota.
CREATE TABLE upload_usage (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX upload_usage_user ON upload_usage(user_id, at);

CREATE INDEX sms_codes_sent ON sms_codes(mobile, createtime);
`;

/**
 * State the abuse limits share between server processes: failed logins, chunked uploads in
 * progress and the bytes each user uploaded. Kept in the database, not in memory, so that
 * parallel requests and several processes on one database count the same attempts.
 */
export const loginSecurity: Migration = {
  version: 2,
  name: 'login-security',
  sql: STATEMENTS,
};
