import type { CreditLine } from '@instalment/contract/api';
import { formatMoney, fromFen, overdueDays } from '@instalment/contract/loan';
import type { Context } from '../runtime/context';
import { idTailIndex } from '../sealing/id-tail';
import type { Store } from '../db/store';
import { LoanRecords } from '../repositories/loans';
import { UserRecords } from '../repositories/users';
import { IdCardHeldByOther, Refusal, sentenceOf } from './refusals';
import { businessDay } from './business-time';

export interface Identity {
  realName: string;
  idCard: string;
}

/**
 * Each account's credit line: the principal it owes across its loans, pending applications
 * included, never exceeds its limit (CREDIT_LIMIT unless the account has its own); an account
 * with an overdue instalment cannot borrow more; and an account borrows in one person's name,
 * bound by its first application, with one ID card to one account.
 */
export class CreditService {
  private readonly users: UserRecords;
  private readonly loans: LoanRecords;

  constructor(private readonly ctx: Context) {
    this.users = new UserRecords(ctx.store);
    this.loans = new LoanRecords(ctx.store);
  }

  /** The same service on a write's transaction. */
  on(tx: Store): CreditService {
    return new CreditService({ ...this.ctx, store: tx });
  }

  private async hasOverdue(userId: number): Promise<boolean> {
    const today = businessDay(this.ctx, this.ctx.now());
    const rows = await this.loans.unpaidDueBefore(userId, today);
    return rows.some((row) => overdueDays(row.due_date, today, row.grace_days) > 0);
  }

  private async figures(userId: number) {
    const limitFen = (await this.users.credit(userId)).credit_limit_fen ?? this.ctx.config.creditLimitFen;
    const usedFen = await this.loans.principalOwed(userId);
    return { limitFen, usedFen, availableFen: Math.max(0, limitFen - usedFen), overdue: await this.hasOverdue(userId) };
  }

  async line(userId: number): Promise<CreditLine> {
    const { limitFen, usedFen, availableFen, overdue } = await this.figures(userId);
    return { limit: fromFen(limitFen), used: fromFen(usedFen), available: fromFen(availableFen), blocked: overdue ? 'overdue' : null };
  }

  /** The locks an application takes: the account's credit, and the ID card it binds (by its blind index: lock names reach the database's logs). */
  locks(userId: number, identity: Identity): string[] {
    return [`credit:${userId}`, `id-card:${this.ctx.cipher.blindIndex(identity.idCard)}`];
  }

  /**
   * Admits an application of `amountFen` in `identity`'s name, binding the identity on the
   * first one. Call inside the write that records the application, holding `locks`.
   */
  async admit(userId: number, amountFen: number, identity: Identity): Promise<void> {
    const { availableFen, overdue } = await this.figures(userId);
    if (overdue) throw new Refusal(sentenceOf('overdueBlocksApplying'));
    if (amountFen > availableFen) {
      throw new Refusal(sentenceOf('overCredit', { amount: formatMoney(fromFen(availableFen)) }));
    }
    const bound = await this.users.credit(userId);
    if (bound.id_card === null) {
      const index = this.ctx.cipher.blindIndex(identity.idCard);
      if (await this.users.idCardHeldByOther(index, userId)) throw new IdCardHeldByOther();
      await this.users.bindIdentity(
        userId,
        identity.realName,
        this.ctx.cipher.seal(identity.idCard),
        index,
        idTailIndex(this.ctx.cipher, identity.idCard),
      );
    } else if (this.ctx.cipher.open(bound.id_card) !== identity.idCard || bound.real_name !== identity.realName) {
      throw new Refusal(sentenceOf('ownNameOnly'));
    }
  }
}
