import type { Voucher } from '@instalment/contract/api';
import { fromFen, parsePeriods } from '@instalment/contract/loan';
import { iso } from '../runtime/context';
import type { Store } from '../db/store';
import type { VoucherRow } from '../repositories/vouchers';
import type { Approvals } from './approvals';
import { voucherTarget } from './targets';

/** A proof as its borrower reads it; `file_url` is the stored path, which the HTTP edge signs. */
export function voucherView(orderNo: string, row: VoucherRow): Voucher {
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
export async function voucherDeciders(
  store: Store,
  approvals: Pick<Approvals, 'approvedBy'>,
  rows: ReadonlyArray<Pick<VoucherRow, 'id' | 'status'>>,
): Promise<Map<number, string>> {
  const targets = (status: VoucherRow['status']) => rows.filter((row) => row.status === status).map((row) => voucherTarget(row.id));
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
    deciders.set(Number(target.slice(target.indexOf(':') + 1)), username);
  }
  return deciders;
}
