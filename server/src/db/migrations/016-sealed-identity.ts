import type { Migration } from './migration';

/**
 * ID numbers and bank cards encrypted at rest (AES-256-GCM under DATA_KEYS). An ID number's
 * one-account rule moves to its blind index (an HMAC under DATA_INDEX_KEY), since two
 * encryptions of one number differ. The rows already there are sealed here, under the current key.
 */
export const sealedIdentity: Migration = {
  version: 16,
  name: 'sealed-identity',
  sql: `
      ALTER TABLE users ADD COLUMN id_card_index TEXT;
      DROP INDEX users_id_card;
      CREATE UNIQUE INDEX users_id_card_index ON users(id_card_index) WHERE id_card_index IS NOT NULL;
  `,
  rewrite: (cipher) => [
    {
      select: 'SELECT id, id_card FROM users WHERE id_card IS NOT NULL',
      update: 'UPDATE users SET id_card = ?, id_card_index = ? WHERE id = ?',
      change: ({ id, id_card }) => [cipher.seal(String(id_card)), cipher.blindIndex(String(id_card)), id],
    },
    {
      select: 'SELECT id, id_card, bank_card FROM loans',
      update: 'UPDATE loans SET id_card = ?, bank_card = ? WHERE id = ?',
      change: ({ id, id_card, bank_card }) => [cipher.seal(String(id_card)), cipher.seal(String(bank_card)), id],
    },
  ],
};
