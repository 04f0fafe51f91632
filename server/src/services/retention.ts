import type { Context } from '../runtime/context';
import { ClosedAccountRecords } from '../repositories/closed-accounts';
import type { AuditService } from './audit';
import { userTarget } from './targets';
import type { UploadService } from './uploads';

/** Accounts erased per run: a run stays short however many fell due at once; the next takes the rest. */
const BATCH = 50;

/** The instant `years` calendar years before `ms`. */
export function yearsBefore(ms: number, years: number): number {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.getTime();
}

/**
 * The retention rule: a closed account's loan and payment records, and the account itself, are
 * kept `RETENTION_YEARS` after it was closed (no loan was open then, so that is at least as long
 * after every loan ended), then erased: the files first, then the rows, so that a run cut short
 * leaves rows that the next run finds and finishes.
 */
export class Retention {
  constructor(
    private readonly ctx: Context,
    private readonly uploads: UploadService,
    private readonly audit: AuditService,
  ) {}

  /** Erases every closed account whose period has ended; returns how many. */
  async eraseExpired(): Promise<number> {
    const records = new ClosedAccountRecords(this.ctx.store);
    const due = await records.closedBy(yearsBefore(this.ctx.now(), this.ctx.config.retentionYears), BATCH);
    for (const account of due) {
      await this.uploads.remove(await records.files(account.id));
      await this.ctx.store.write([`credit:${account.id}`], async (tx) => {
        const loans = await new ClosedAccountRecords(tx).erase(account);
        await this.audit.record(
          {
            operator: { id: null, username: 'retention', roles: [] },
            address: 'background',
            action: 'retention.erase',
            target: userTarget(account.id),
            after: { loans },
            outcome: 'done',
          },
          tx,
        );
      });
    }
    return due.length;
  }
}
