import type { ApprovalKind } from '@instalment/contract/api';
import type { Store } from '../db/store';
import { Refusal, sentenceOf } from './refusals';
import { parseTarget } from './targets';

/**
 * The approvals that change a borrower's loans or credit line. A refund is not one: money a
 * payment brought is given back to whoever paid it, whether or not their account is still open.
 */
const BORROWER_CHANGES: ReadonlySet<ApprovalKind> = new Set<ApprovalKind>([
  'loan.disburse',
  'voucher.confirm',
  'credit.limit',
  'difference.apply',
]);

/** The account a console write's target (a loan, a proof, a payment difference, a borrower) is about; null for any other. */
async function accountOf(tx: Store, stored: string): Promise<number | null> {
  const target = parseTarget(stored);
  switch (target?.kind) {
    case 'user':
      return target.id;
    case 'loan':
      return (await tx.q.selectFrom('loans').select('user_id').where('order_no', '=', target.orderNo).executeTakeFirst())?.user_id ?? null;
    case 'proof':
    case 'difference': {
      const table = target.kind === 'proof' ? 'vouchers' : 'payment_differences';
      const row = await tx.q
        .selectFrom(table)
        .innerJoin('loans', 'loans.id', `${table}.loan_id`)
        .select('loans.user_id')
        .where(`${table}.id`, '=', target.id)
        .executeTakeFirst();
      return row?.user_id ?? null;
    }
    default:
      return null;
  }
}

/**
 * A closed account's loans, proofs, payment differences and credit line are records kept for the
 * retention period, no longer work: an operator's change of any of them is refused, in the write
 * that would make it. The account's row is read held (Store.held), so that a closing committed
 * meanwhile is seen and one begun meanwhile waits for this write.
 */
export async function refuseClosedAccount(tx: Store, target: string): Promise<void> {
  const userId = await accountOf(tx, target);
  if (userId === null) return;
  const account = await tx.held(tx.q.selectFrom('users').select('closed_at').where('id', '=', userId)).executeTakeFirst();
  if (account?.closed_at != null) throw new Refusal(sentenceOf('accountClosedReadOnly'));
}

/** Whether an approval of `kind` changes a borrower's loans or credit line: asked for or carried out, it waits on an open account. */
export const changesBorrower = (kind: ApprovalKind): boolean => BORROWER_CHANGES.has(kind);
