import type { Migration } from './migration';

/** The profile a user edits (POST /api/user/profile): a short bio next to nickname, avatar and e-mail. */
export const profile: Migration = {
  version: 4,
  name: 'profile',
  sql: "ALTER TABLE users ADD COLUMN bio TEXT NOT NULL DEFAULT '';",
};
