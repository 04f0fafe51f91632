import type { Migration } from './migration';

const STATEMENTS = `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  nickname TEXT NOT NULL,
  mobile TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL DEFAULT '',
  avatar TEXT NOT NULL DEFAULT '',
  -- '' for users who only ever signed in by SMS: no password matches it.
  password_hash TEXT NOT NULL DEFAULT '',
  money_fen INTEGER NOT NULL DEFAULT 0,
  score INTEGER NOT NULL DEFAULT 0,
  level INTEGER NOT NULL DEFAULT 1,
  createtime INTEGER NOT NULL
);

CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  createtime INTEGER NOT NULL,
  expiretime INTEGER NOT NULL
);
CREATE INDEX tokens_user ON tokens(user_id);

CREATE TABLE sms_codes (
  id INTEGER PRIMARY KEY,
  mobile TEXT NOT NULL,
  event TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  createtime INTEGER NOT NULL,
  expiretime INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- open: can be used; used: consumed; burnt: too many wrong tries; replaced: a newer code was sent.
  status TEXT NOT NULL DEFAULT 'open'
);
CREATE INDEX sms_codes_mobile ON sms_codes(mobile, event, status);

CREATE TABLE sms_outbox (
  id INTEGER PRIMARY KEY,
  mobile TEXT NOT NULL,
  event TEXT NOT NULL,
  code TEXT NOT NULL,
  createtime INTEGER NOT NULL
);
CREATE INDEX sms_outbox_mobile ON sms_outbox(mobile);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE loans (
  id INTEGER PRIMARY KEY,
  order_no TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  amount_fen INTEGER NOT NULL,
  term INTEGER NOT NULL,
  -- The price is copied from the rates at application: later rate changes never touch a signed loan.
  monthly_rate_bp INTEGER NOT NULL,
  monthly_fee_bp INTEGER NOT NULL,
  penalty_bp INTEGER NOT NULL,
  grace_days INTEGER NOT NULL,
  purpose TEXT NOT NULL,
  real_name TEXT NOT NULL,
  id_card TEXT NOT NULL,
  bank_card TEXT NOT NULL,
  bank_name TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  approve_after INTEGER,
  approved_at INTEGER,
  rejected_at INTEGER,
  settled_at INTEGER
);
CREATE INDEX loans_user ON loans(user_id, created_at);

CREATE TABLE instalments (
  loan_id INTEGER NOT NULL REFERENCES loans(id) ON DELETE CASCADE,
  period INTEGER NOT NULL,
  due_date TEXT NOT NULL,
  principal_fen INTEGER NOT NULL,
  interest_fen INTEGER NOT NULL,
  fee_fen INTEGER NOT NULL,
  -- While unpaid, penalty and overdue days are computed from today; paying freezes them here.
  paid_at INTEGER,
  penalty_fen INTEGER NOT NULL DEFAULT 0,
  overdue_days INTEGER NOT NULL DEFAULT 0,
  paid_by TEXT,
  PRIMARY KEY (loan_id, period)
);

CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  payment_no TEXT NOT NULL UNIQUE,
  loan_id INTEGER NOT NULL REFERENCES loans(id),
  periods TEXT NOT NULL,
  amount_fen INTEGER NOT NULL,
  -- open → paid | superseded (another selection was opened) | void (its instalments were paid otherwise)
  status TEXT NOT NULL,
  channel TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  paid_at INTEGER
);
CREATE INDEX payments_loan ON payments(loan_id, status);

CREATE TABLE uploads (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  url TEXT NOT NULL UNIQUE,
  mime TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE vouchers (
  id INTEGER PRIMARY KEY,
  loan_id INTEGER NOT NULL REFERENCES loans(id),
  periods TEXT NOT NULL,
  amount_fen INTEGER NOT NULL,
  file_url TEXT NOT NULL,
  remark TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  reviewed_at INTEGER
);
CREATE INDEX vouchers_loan ON vouchers(loan_id);

CREATE TABLE news (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  cover TEXT NOT NULL,
  author TEXT NOT NULL,
  content TEXT NOT NULL,
  published_at INTEGER NOT NULL
);
CREATE INDEX news_published ON news(published_at);
`;

/** The first schema: users, tokens, SMS, loans with instalments, payments, uploads, vouchers, news. */
export const initial: Migration = {
  version: 1,
  name: 'initial',
  sql: STATEMENTS,
};
