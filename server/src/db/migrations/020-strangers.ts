import type { Migration } from './migration';

const COLUMNS = `
      ALTER TABLE audit_log ADD COLUMN tally TEXT;
      ALTER TABLE audit_log ADD COLUMN repeats INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE audit_log ADD COLUMN last_at INTEGER;
      CREATE UNIQUE INDEX audit_log_tally ON audit_log (tally) WHERE tally IS NOT NULL;
      ALTER TABLE users ADD COLUMN mobile_since INTEGER NOT NULL DEFAULT 0;
`;

/** The latest phone change an account proved with a code to its current phone, if any. */
const LAST_PHONE_CHANGE = `(SELECT MAX(c.createtime) FROM sms_codes c WHERE c.mobile = users.mobile AND c.event = 'changemobile' AND c.status = 'used')`;

/**
 * What strangers can neither grow nor learn. Refused logins under usernames no operator has are
 * counted in one audit row per network and window (`tally`, `repeats`, `last_at`): the log stays
 * append-only, but for a tally's count and latest time, which may only grow. And each account
 * knows since when it holds its phone (registration or the last change), so that its data export
 * holds the codes sent to that phone since then, not a previous holder's; for accounts made
 * before, the latest code-proven change to their phone, else their registration.
 */
export const strangers: Migration = {
  version: 20,
  name: 'strangers',
  sql: `${COLUMNS}
      UPDATE users SET mobile_since = MAX(createtime, COALESCE(${LAST_PHONE_CHANGE}, 0));
      DROP TRIGGER audit_log_no_update;
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      WHEN NOT (
        OLD.tally IS NOT NULL AND NEW.repeats > OLD.repeats AND NEW.last_at >= OLD.last_at
        AND NEW.id IS OLD.id AND NEW.at IS OLD.at AND NEW.operator_id IS OLD.operator_id AND NEW.username IS OLD.username
        AND NEW.roles IS OLD.roles AND NEW.action IS OLD.action AND NEW.target IS OLD.target
        AND NEW.state_before IS OLD.state_before AND NEW.state_after IS OLD.state_after AND NEW.outcome IS OLD.outcome
        AND NEW.reason IS OLD.reason AND NEW.address IS OLD.address AND NEW.tally IS OLD.tally
      )
      BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
  `,
  postgres: `${COLUMNS}
      UPDATE users SET mobile_since = GREATEST(createtime, COALESCE(${LAST_PHONE_CHANGE}, 0));
      CREATE FUNCTION audit_log_tally_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.tally IS NOT NULL AND NEW.repeats > OLD.repeats AND NEW.last_at >= OLD.last_at
           AND to_jsonb(NEW) - 'repeats' - 'last_at' = to_jsonb(OLD) - 'repeats' - 'last_at' THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'the audit log is append-only';
      END
      $$;
      DROP TRIGGER audit_log_no_change ON audit_log;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_tally_only();
  `,
};
