import type { Voucher } from '@instalment/contract/api';
import { fromFen, parsePeriods } from '@instalment/contract/loan';
import { iso } from '../context';
import type { VoucherRow } from '../repositories/vouchers';

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
