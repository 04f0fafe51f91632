import type { Migration } from './migration';

const STATEMENTS = `
-- NULL: the configured default credit line (CREDIT_LIMIT).
ALTER TABLE users ADD COLUMN credit_limit_fen INTEGER;
-- Bound by the account's first application; later applications must match. One ID card, one account.
ALTER TABLE users ADD COLUMN real_name TEXT;
ALTER TABLE users ADD COLUMN id_card TEXT;
CREATE UNIQUE INDEX users_id_card ON users(id_card) WHERE id_card IS NOT NULL;

-- What was charged when the instalment was settled (NULL while unpaid; equal to the schedule
-- unless a payoff settled it early).
ALTER TABLE instalments ADD COLUMN paid_interest_fen INTEGER;
ALTER TABLE instalments ADD COLUMN paid_fee_fen INTEGER;
UPDATE instalments SET paid_interest_fen = interest_fen, paid_fee_fen = fee_fen WHERE paid_at IS NOT NULL;

-- 1: the payment settles the whole loan at the payoff quote. Status gains 'repriced'.
ALTER TABLE payments ADD COLUMN payoff INTEGER NOT NULL DEFAULT 0;

-- SHA-256 of the receipt file; a receipt backs at most one live proof.
ALTER TABLE vouchers ADD COLUMN file_hash TEXT;
CREATE UNIQUE INDEX vouchers_live_file ON vouchers(file_hash) WHERE status IN ('pending', 'approved');
`;

/**
 * The repayment ledger's books: what each instalment was settled for (a payoff charges less
 * interest and fee than scheduled), which payments settle a whole loan, the receipt behind each
 * proof (one receipt backs one proof), and each account's credit line and bound identity.
 */
export const ledger: Migration = {
  version: 3,
  name: 'ledger',
  sql: STATEMENTS,
};
