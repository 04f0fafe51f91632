import type { CreditLine } from '@instalment/shared/api';
import { calendarDate, formatMoney, fromFen, overdueDays } from '@instalment/shared/loan';
import type { Context } from '../context';
import { Refusal } from '../http/errors';
import { say } from '../http/say';

export interface Identity {
  realName: string;
  idCard: string;
}

interface UserCredit {
  credit_limit_fen: number | null;
  real_name: string | null;
  id_card: string | null;
}

/**
 * Each account's credit line: the principal it owes across its loans, pending applications
 * included, never exceeds its limit (CREDIT_LIMIT unless the account has its own); an account
 * with an overdue instalment cannot borrow more; and an account borrows in one person's name,
 * bound by its first application, with one ID card to one account.
 */
export class CreditService {
  constructor(private readonly ctx: Context) {}

  private user(userId: number): UserCredit {
    return this.ctx.db.prepare('SELECT credit_limit_fen, real_name, id_card FROM users WHERE id = ?').get(userId) as UserCredit;
  }

  /** Principal owed: pending applications in full, disbursed loans by their unpaid instalments. */
  private usedFen(userId: number): number {
    const { db } = this.ctx;
    const pending = db
      .prepare("SELECT COALESCE(SUM(amount_fen), 0) AS fen FROM loans WHERE user_id = ? AND status = 'pending'")
      .get(userId) as { fen: number };
    const unpaid = db
      .prepare(
        'SELECT COALESCE(SUM(i.principal_fen), 0) AS fen FROM instalments i JOIN loans l ON l.id = i.loan_id WHERE l.user_id = ? AND i.paid_at IS NULL',
      )
      .get(userId) as { fen: number };
    return pending.fen + unpaid.fen;
  }

  private hasOverdue(userId: number): boolean {
    const today = calendarDate(this.ctx.now());
    const rows = this.ctx.db
      .prepare(
        'SELECT i.due_date, l.grace_days FROM instalments i JOIN loans l ON l.id = i.loan_id WHERE l.user_id = ? AND i.paid_at IS NULL AND i.due_date < ?',
      )
      .all(userId, today) as Array<{ due_date: string; grace_days: number }>;
    return rows.some((row) => overdueDays(row.due_date, today, row.grace_days) > 0);
  }

  private figures(userId: number) {
    const limitFen = this.user(userId).credit_limit_fen ?? this.ctx.config.creditLimitFen;
    const usedFen = this.usedFen(userId);
    return { limitFen, usedFen, availableFen: Math.max(0, limitFen - usedFen), overdue: this.hasOverdue(userId) };
  }

  line(userId: number): CreditLine {
    const { limitFen, usedFen, availableFen, overdue } = this.figures(userId);
    return { limit: fromFen(limitFen), used: fromFen(usedFen), available: fromFen(availableFen), blocked: overdue ? 'overdue' : null };
  }

  /**
   * Admits an application of `amountFen` in `identity`'s name, binding the identity on the
   * first one. Call inside the transaction that records the application.
   */
  admit(userId: number, amountFen: number, identity: Identity): void {
    const { availableFen, overdue } = this.figures(userId);
    if (overdue) throw new Refusal(say('overdueBlocksApplying'));
    if (amountFen > availableFen) {
      throw new Refusal(say('overCredit', { amount: formatMoney(fromFen(availableFen)) }));
    }
    const bound = this.user(userId);
    if (bound.id_card === null) {
      const owner = this.ctx.db.prepare('SELECT id FROM users WHERE id_card = ? AND id <> ?').get(identity.idCard, userId);
      if (owner) throw new Refusal(say('idCardOtherAccount'));
      this.ctx.db.prepare('UPDATE users SET real_name = ?, id_card = ? WHERE id = ?').run(identity.realName, identity.idCard, userId);
    } else if (bound.id_card !== identity.idCard || bound.real_name !== identity.realName) {
      throw new Refusal(say('ownNameOnly'));
    }
  }
}
