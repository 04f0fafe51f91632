import type { Proof } from '@instalment/contract/api';
import { fromFen, parsePeriods } from '@instalment/contract/loan';
import { iso } from '../runtime/context';
import type { Store } from '../db/store';
import type { ProofRow } from '../repositories/proofs';
import type { Approvals } from './approvals';
import { parseTarget, proofTarget } from './targets';

/** A proof as its borrower reads it; `file_url` is the stored path, which the HTTP edge signs. */
export function proofView(orderNo: string, row: ProofRow): Proof {
  return {
    id: row.id,
    order_no: orderNo,
    periods: parsePeriods(row.periods) ?? [],
    amount: fromFen(row.amount_fen),
    file_url: row.file_url,
    remark: row.remark,
    status: row.status,
    reject_reason: row.status === 'rejected' ? row.reject_reason || null : null,
    created_at: iso(row.created_at),
  };
}

/**
 * Who decided each decided proof, by id: the second operator who carried out its confirmation
 * (four eyes), or the operator whose rejection the audit holds.
 */
export async function proofDeciders(
  store: Store,
  approvals: Pick<Approvals, 'approvedBy'>,
  rows: ReadonlyArray<Pick<ProofRow, 'id' | 'status'>>,
): Promise<Map<number, string>> {
  const targets = (status: ProofRow['status']) => rows.filter((row) => row.status === status).map((row) => proofTarget(row.id));
  const [approved, rejected] = [targets('approved'), targets('rejected')];
  const [checkers, rejections] = await Promise.all([
    approvals.approvedBy('voucher.confirm', approved),
    rejected.length === 0
      ? []
      : store.q
          .selectFrom('audit_log')
          .select(['target', 'username'])
          .where('action', '=', 'voucher.reject')
          .where('outcome', '=', 'done')
          .where('target', 'in', rejected)
          .execute(),
  ]);
  const deciders = new Map<number, string>();
  for (const [target, username] of [...checkers, ...rejections.map((row) => [row.target, row.username] as const)]) {
    const about = parseTarget(target);
    if (about?.kind === 'proof') deciders.set(about.id, username);
  }
  return deciders;
}
