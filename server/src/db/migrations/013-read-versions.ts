import type { Migration } from './migration';

const COUNTERS = `
      ALTER TABLE users ADD COLUMN loans_version INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE versions (
        name TEXT PRIMARY KEY,
        version INTEGER NOT NULL
      );
      INSERT INTO versions (name, version) VALUES ('news', 0);
`;

/**
 * Counters that say when what a read shows has changed, so that a process may keep an answer
 * until then: `users.loans_version` moves with any change to a user's loans or their
 * instalments, `versions.news` with any change to the news. Triggers move them in the writing
 * transaction itself, whichever process or statement wrote, so no write can forget to.
 */
export const readVersions: Migration = {
  version: 13,
  name: 'read-versions',
  sql: `${COUNTERS}
      CREATE TRIGGER loans_inserted AFTER INSERT ON loans BEGIN
        UPDATE users SET loans_version = loans_version + 1 WHERE id = NEW.user_id;
      END;
      CREATE TRIGGER loans_updated AFTER UPDATE ON loans BEGIN
        UPDATE users SET loans_version = loans_version + 1 WHERE id IN (OLD.user_id, NEW.user_id);
      END;
      CREATE TRIGGER loans_deleted AFTER DELETE ON loans BEGIN
        UPDATE users SET loans_version = loans_version + 1 WHERE id = OLD.user_id;
      END;
      CREATE TRIGGER instalments_inserted AFTER INSERT ON instalments BEGIN
        UPDATE users SET loans_version = loans_version + 1 WHERE id = (SELECT user_id FROM loans WHERE id = NEW.loan_id);
      END;
      CREATE TRIGGER instalments_updated AFTER UPDATE ON instalments BEGIN
        UPDATE users SET loans_version = loans_version + 1 WHERE id IN (SELECT user_id FROM loans WHERE id IN (OLD.loan_id, NEW.loan_id));
      END;
      CREATE TRIGGER instalments_deleted AFTER DELETE ON instalments BEGIN
        UPDATE users SET loans_version = loans_version + 1 WHERE id = (SELECT user_id FROM loans WHERE id = OLD.loan_id);
      END;
      CREATE TRIGGER news_inserted AFTER INSERT ON news BEGIN UPDATE versions SET version = version + 1 WHERE name = 'news'; END;
      CREATE TRIGGER news_updated AFTER UPDATE ON news BEGIN UPDATE versions SET version = version + 1 WHERE name = 'news'; END;
      CREATE TRIGGER news_deleted AFTER DELETE ON news BEGIN UPDATE versions SET version = version + 1 WHERE name = 'news'; END;
  `,
  postgres: `${COUNTERS}
      CREATE FUNCTION loans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE users SET loans_version = loans_version + 1 WHERE id = OLD.user_id;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          UPDATE users SET loans_version = loans_version + 1 WHERE id = NEW.user_id;
        END IF;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER loans_changed AFTER INSERT OR UPDATE OR DELETE ON loans FOR EACH ROW EXECUTE FUNCTION loans_changed();
      CREATE FUNCTION instalments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE users SET loans_version = loans_version + 1 WHERE id = (SELECT user_id FROM loans WHERE id = OLD.loan_id);
        END IF;
        IF TG_OP <> 'DELETE' THEN
          UPDATE users SET loans_version = loans_version + 1 WHERE id = (SELECT user_id FROM loans WHERE id = NEW.loan_id);
        END IF;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER instalments_changed AFTER INSERT OR UPDATE OR DELETE ON instalments FOR EACH ROW EXECUTE FUNCTION instalments_changed();
      CREATE FUNCTION news_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE versions SET version = version + 1 WHERE name = 'news';
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER news_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news FOR EACH STATEMENT EXECUTE FUNCTION news_changed();
  `,
};
