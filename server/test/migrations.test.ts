import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../src/db/database';
import { MIGRATIONS } from '../src/db/migrations';

test('a database made by the first schema, with data, is brought to the newest and loses nothing', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-migrate-'));
  const file = path.join(dir, 'old.db');
  try {
    const old = new Database(file);
    MIGRATIONS[0].up(old);
    old.pragma('user_version = 1');
    old.prepare("INSERT INTO users (id, username, nickname, mobile, createtime) VALUES (1, 'li', 'Li', '13800000000', 0)").run();
    old
      .prepare(
        `INSERT INTO loans (id, order_no, user_id, amount_fen, term, monthly_rate_bp, monthly_fee_bp, penalty_bp, grace_days, purpose, real_name, id_card, bank_card, bank_name, status, created_at, approved_at)
         VALUES (1, 'L1', 1, 300000, 3, 80, 30, 5, 0, 'travel', 'Li Lei', '110101199003071234', '6222020200112233', 'ICBC', 'repaying', 0, 0)`,
      )
      .run();
    old
      .prepare(
        "INSERT INTO instalments (loan_id, period, due_date, principal_fen, interest_fen, fee_fen, paid_at) VALUES (1, 1, '2026-02-15', 99000, 2400, 900, 5)",
      )
      .run();
    old
      .prepare(
        "INSERT INTO instalments (loan_id, period, due_date, principal_fen, interest_fen, fee_fen) VALUES (1, 2, '2026-03-15', 99800, 1600, 900)",
      )
      .run();
    old.close();

    const db = openDatabase(file, Date.now());
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS[MIGRATIONS.length - 1].version);
    expect(db.prepare('SELECT username FROM users').all()).toEqual([{ username: 'li' }]);
    expect(db.prepare('SELECT period, paid_at, paid_interest_fen, paid_fee_fen FROM instalments ORDER BY period').all()).toEqual([
      { period: 1, paid_at: 5, paid_interest_fen: 2400, paid_fee_fen: 900 },
      { period: 2, paid_at: null, paid_interest_fen: null, paid_fee_fen: null },
    ]);
    // Nothing was seeded over the existing data, and opening again changes nothing.
    db.close();
    const again = openDatabase(file, Date.now());
    expect(again.prepare('SELECT COUNT(*) AS n FROM loans').get()).toEqual({ n: 1 });
    again.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a database newer than this server is refused rather than guessed at', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-migrate-'));
  const file = path.join(dir, 'new.db');
  try {
    const newer = new Database(file);
    newer.pragma(`user_version = ${MIGRATIONS[MIGRATIONS.length - 1].version + 1}`);
    newer.close();
    expect(() => openDatabase(file, Date.now())).toThrow(/schema version/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
