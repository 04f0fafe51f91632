import type { Migration } from './migration';

/**
 * Usernames are one whatever their case. SQLite's column already compares them without case
 * (COLLATE NOCASE); PostgreSQL has no such column, so both engines keep the rule in one index
 * on lower(username), which the login's lookup uses.
 */
export const usernameKey: Migration = {
  version: 6,
  name: 'username-key',
  sql: 'CREATE UNIQUE INDEX users_username_lower ON users (lower(username));',
};
