import type { Migration } from './migration';

/** Base64's alphabet: trimmed from the right of a sealed value, it leaves `<key id>:`. */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';

/**
 * A check value per key (db/key-checks.ts): the HMAC of a constant under each key id of
 * DATA_KEYS (`kind` 'data') and under DATA_INDEX_KEY (`kind` 'index', `key_id` ''), so a start
 * with other bytes under a known key id is refused. The key ids the sealed rows already use are
 * recorded here without a check (`check_value` null): the first start that holds one proves it
 * by opening one of its rows, and a start without it is refused while rows still need it.
 */
export const keyChecks: Migration = {
  version: 19,
  name: 'key-checks',
  sql: `
      CREATE TABLE key_checks (
        kind TEXT NOT NULL,
        key_id TEXT NOT NULL,
        check_value TEXT,
        PRIMARY KEY (kind, key_id)
      );
  `,
  rewrite: () => [
    {
      select: `
        SELECT prefix FROM (
          SELECT rtrim(id_card, '${BASE64}') AS prefix FROM users WHERE id_card IS NOT NULL
          UNION SELECT rtrim(id_card, '${BASE64}') FROM loans
          UNION SELECT rtrim(bank_card, '${BASE64}') FROM loans
          UNION SELECT rtrim(totp_secret, '${BASE64}') FROM operators
        ) AS sealed WHERE prefix LIKE '%:'`,
      update: "INSERT INTO key_checks (kind, key_id) VALUES ('data', ?)",
      change: ({ prefix }) => [String(prefix).slice(0, -1)],
    },
  ],
};
