import type { Sealed } from '../../sealing/field-cipher';
import { idTailIndex } from '../../sealing/id-tail';
import type { Migration } from './migration';

/**
 * The blind index of each bound ID number's last 4 characters (sealing/id-tail.ts), under the same
 * index key as the whole number's: the console finds a borrower by the tail of their ID. The
 * numbers already bound are indexed here; a closed account's, erased, has none.
 */
export const idTailIndexes: Migration = {
  version: 23,
  name: 'id-tail-index',
  sql: `
      ALTER TABLE users ADD COLUMN id_card_tail_index TEXT;
      CREATE INDEX users_id_card_tail_index ON users(id_card_tail_index) WHERE id_card_tail_index IS NOT NULL;
  `,
  rewrite: (cipher) => [
    {
      select: 'SELECT id, id_card FROM users WHERE id_card IS NOT NULL',
      update: 'UPDATE users SET id_card_tail_index = ? WHERE id = ?',
      change: ({ id, id_card }) => [idTailIndex(cipher, cipher.open(id_card as Sealed)), id],
    },
  ],
};
