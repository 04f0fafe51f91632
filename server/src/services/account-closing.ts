import type { AccountClosure, LoanStatus } from '@instalment/contract/api';
import { isLoanOpen, LOAN_TRANSITIONS } from '@instalment/contract/loan';
import type { Context } from '../runtime/context';
import { ClosedAccountRecords } from '../repositories/closed-accounts';
import type { UserRow } from '../repositories/users';
import type { AuditService } from './audit';
import type { SmsService } from './sms';
import { userTarget } from './targets';
import type { UploadService } from './uploads';
import { Refusal, sentenceOf } from './refusals';

const OPEN_STATUSES = (Object.keys(LOAN_TRANSITIONS) as LoanStatus[]).filter(isLoanOpen);

/** What stands in for a closed account's names: no username can take it (a hyphen is not allowed in one). */
export const pseudonymOf = (userId: number) => `closed-${userId}`;

/**
 * A borrower closing their account (PIPL art. 47): only with no open loan, proven by a code sent
 * to the account's phone. Their sessions end and their personal fields are erased; the phone
 * and the ID number's blind index stay on the row, so neither opens a new account, and the loans
 * stay as they are, until the retention job (./retention.ts) erases them all.
 */
export class AccountClosing {
  constructor(
    private readonly ctx: Context,
    private readonly sms: SmsService,
    private readonly uploads: UploadService,
    private readonly audit: AuditService,
  ) {}

  async closure(userId: number): Promise<AccountClosure> {
    const open = await new ClosedAccountRecords(this.ctx.store).loansIn(userId, OPEN_STATUSES);
    return { closable: open.length === 0, open_loans: open, retention_years: this.ctx.config.retentionYears };
  }

  async close(user: UserRow, captcha: string, address: string): Promise<void> {
    // Before the code is used: a borrower who cannot close yet keeps it, and learns why.
    this.refuseOpen(await this.closure(user.id));
    await this.sms.verify(user.mobile, 'closeaccount', captcha);
    // Under the credit line's lock, which every application takes: none can open a loan meanwhile.
    const refusal = await this.ctx.store.write([`credit:${user.id}`], async (tx) => {
      const records = new ClosedAccountRecords(tx);
      const open = await records.loansIn(user.id, OPEN_STATUSES);
      if (open.length > 0) return open;
      await records.close(user.id, pseudonymOf(user.id), this.ctx.now());
      await this.audit.record(
        {
          operator: { id: null, username: userTarget(user.id), roles: [] },
          address,
          action: 'borrower.close',
          target: userTarget(user.id),
          outcome: 'done',
        },
        tx,
      );
      return null;
    });
    if (refusal) this.refuseOpen({ closable: false, open_loans: refusal, retention_years: this.ctx.config.retentionYears });
    // After the commit: a file is removed only once nothing can keep the account open. One left
    // by a crash here still has its row, which the retention job erases with the rest.
    const records = new ClosedAccountRecords(this.ctx.store);
    const loose = await records.looseUploads(user.id);
    await this.uploads.remove(loose);
    await records.forgetUploads(user.id, loose);
  }

  private refuseOpen(closure: AccountClosure): void {
    if (closure.closable) return;
    const orders = closure.open_loans.map((loan) => loan.order_no).join(', ');
    throw new Refusal(sentenceOf('openLoansBlockClosing', { orders }), closure);
  }
}
