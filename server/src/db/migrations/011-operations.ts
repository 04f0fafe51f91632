import type { Migration } from './migration';

const TABLES = `
      CREATE TABLE operators (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        totp_secret TEXT NOT NULL,
        totp_last_step INTEGER NOT NULL DEFAULT 0,
        roles TEXT NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE operator_tokens (
        token_hash TEXT PRIMARY KEY,
        operator_id INTEGER NOT NULL REFERENCES operators(id),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        operator_id INTEGER,
        username TEXT NOT NULL,
        roles TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        state_before TEXT,
        state_after TEXT,
        outcome TEXT NOT NULL,
        reason TEXT,
        address TEXT NOT NULL
      );
      CREATE INDEX audit_log_target ON audit_log (target);
      ALTER TABLE news ADD COLUMN status TEXT NOT NULL DEFAULT 'published';
      ALTER TABLE loans ADD COLUMN disbursed_at INTEGER;
      ALTER TABLE loans ADD COLUMN disbursement_ref TEXT;
      ALTER TABLE loans ADD COLUMN reject_reason TEXT;
      UPDATE loans SET disbursed_at = approved_at WHERE status IN ('repaying', 'overdue', 'settled');
      ALTER TABLE vouchers ADD COLUMN bank_ref TEXT;
      ALTER TABLE vouchers ADD COLUMN reject_reason TEXT;
      CREATE TABLE approvals (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        target TEXT NOT NULL,
        payload TEXT NOT NULL,
        state_before TEXT,
        maker_id INTEGER NOT NULL REFERENCES operators(id),
        maker_username TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        status TEXT NOT NULL DEFAULT 'awaiting',
        checker_id INTEGER REFERENCES operators(id),
        checker_username TEXT,
        decided_at INTEGER,
        reason TEXT
      );
      CREATE UNIQUE INDEX approvals_one_awaiting ON approvals (kind, target) WHERE status = 'awaiting';
      CREATE INDEX approvals_status ON approvals (status, id);
      CREATE INDEX loans_status ON loans (status, id);
`;

/**
 * The operations console: operator accounts (password and TOTP, roles), their sessions, the
 * audit log of what they did (which no statement can change or remove, on either engine), and
 * what they decide: a loan is approved, then disbursed (its schedule starts that day) or rejected
 * with a reason; a proof is confirmed against the bank's reference; and a change that moves money
 * waits in `approvals` for a second operator. Loans disbursed before this version were disbursed
 * when approved.
 */
export const operations: Migration = {
  version: 11,
  name: 'operations',
  sql: `${TABLES}
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
  `,
  postgres: `${TABLES}
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit log is append-only';
      END
      $$;
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
  `,
};
