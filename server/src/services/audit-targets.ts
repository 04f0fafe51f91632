import type { Store } from '../db/store';
import type { AuditFilter } from '../repositories/console-lists';
import { loanTarget, userTarget } from './targets';

/** What the console's audit list and its export are filtered by (`AuditListQuery`). */
export interface AuditQuery {
  operator?: string;
  target?: string;
  action?: string;
}

/**
 * What a target filter finds: a target as written (`loan:L1`, `settings`); an order number, the
 * rows about that loan; a phone, the rows about that borrower and each of their loans. An
 * auditor types what they read on the loan or the call, not the log's own prefixes.
 */
async function targetsOf(store: Store, target: string): Promise<string[]> {
  if (target.includes(':')) return [target];
  const [loan, user] = await Promise.all([
    store.q.selectFrom('loans').select('order_no').where('order_no', '=', target).executeTakeFirst(),
    store.q.selectFrom('users').select('id').where('mobile', '=', target).executeTakeFirst(),
  ]);
  const loans = user ? await store.q.selectFrom('loans').select('order_no').where('user_id', '=', user.id).execute() : [];
  return [
    target,
    ...(loan ? [loanTarget(loan.order_no)] : []),
    ...(user ? [userTarget(user.id)] : []),
    ...loans.map((row) => loanTarget(row.order_no)),
  ];
}

/** The audit rows a console query asks for: empty filters dropped, the target resolved. */
export async function auditFilterOf(store: Store, query: AuditQuery): Promise<AuditFilter> {
  const { operator, target, action } = query;
  return {
    operator: operator || undefined,
    action: action || undefined,
    targets: target ? await targetsOf(store, target) : undefined,
  };
}
