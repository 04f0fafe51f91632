import type { Migration } from './migration';

/**
 * Operators enrol themselves (issue 49): an admin's new account or TOTP reset leaves a one-time
 * enrolment code, kept as its SHA-256 with its expiry and the wrong tries it has had, and no
 * password or secret anyone else has seen; the account logs in only once the operator has set
 * theirs. The row names who created it and who last reset its TOTP, and when, for the four-eyes
 * rules. TOTP secrets are sealed like ID numbers: the ones already there are sealed here.
 */
export const operatorEnrolment: Migration = {
  version: 18,
  name: 'operator-enrolment',
  sql: `
      ALTER TABLE operators ADD COLUMN enrolment_hash TEXT;
      ALTER TABLE operators ADD COLUMN enrolment_expires_at INTEGER;
      ALTER TABLE operators ADD COLUMN enrolment_tries INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE operators ADD COLUMN created_by TEXT;
      ALTER TABLE operators ADD COLUMN reset_by TEXT;
      ALTER TABLE operators ADD COLUMN reset_at INTEGER;
      CREATE UNIQUE INDEX operators_enrolment_hash ON operators(enrolment_hash) WHERE enrolment_hash IS NOT NULL;
  `,
  rewrite: (cipher) => [
    {
      select: 'SELECT id, totp_secret FROM operators',
      update: 'UPDATE operators SET totp_secret = ? WHERE id = ?',
      change: ({ id, totp_secret }) => [cipher.seal(String(totp_secret)), id],
    },
  ],
};
