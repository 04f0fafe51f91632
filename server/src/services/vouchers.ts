import type { Voucher } from '@instalment/shared/api';
import {
  calendarDate,
  checkVoucherRemark,
  formatMoney,
  formatPeriods,
  fromFen,
  parsePeriods,
  remarkProblemText,
  toFen,
} from '@instalment/shared/loan';
import type { Context } from '../context';
import { Refusal } from '../http/errors';
import { text, type Fields } from '../http/input';
import type { Ledger } from './ledger';
import type { LoanRow, LoanService } from './loans';
import type { UploadService } from './uploads';
import { say } from '../http/say';

/** Periods as a JSON array of numbers or as "1,2" (a form post). */
function periodsOf(value: unknown): number[] | null {
  if (Array.isArray(value)) {
    return value.every((item) => Number.isInteger(Number(item)) && String(item).trim() !== '') ? value.map(Number) : null;
  }
  return typeof value === 'string' ? parsePeriods(value) : null;
}

interface VoucherRow {
  id: number;
  loan_id: number;
  periods: string;
  amount_fen: number;
  status: Voucher['status'];
  created_at: number;
}

/**
 * Payment proofs for bank transfers. A pending proof reserves its instalments in the ledger
 * (they are not offered for payment) until it is approved — which settles them through the
 * ledger, at the price of the day it was uploaded — rejected or withdrawn by the borrower.
 * Its amount must be exactly what its instalments cost that day, and one receipt file backs
 * at most one live proof. With AUTO_CONFIRM_VOUCHERS a proof is approved at once.
 */
export class VoucherService {
  constructor(
    private readonly ctx: Context,
    private readonly loans: LoanService,
    private readonly ledger: Ledger,
    private readonly uploads: UploadService,
  ) {}

  async submit(userId: number, body: Fields, base: string): Promise<Voucher> {
    const orderNo = this.loans.find(userId, text(body, 'order_no')).order_no;
    const periods = periodsOf(body.periods);
    if (periods === null) throw new Refusal(say('periodsList'));
    const fileUrl = this.uploads.ownUpload(userId, text(body, 'file_url'));
    if (!fileUrl) throw new Refusal(say('uploadProofFirst'));
    const remark = text(body, 'remark');
    const remarkProblem = checkVoucherRemark(remark);
    if (remarkProblem) throw new Refusal((locale) => remarkProblemText(remarkProblem, locale));
    const amountFen = toFen(text(body, 'amount'));
    const fileHash = await this.uploads.contentHash(fileUrl);

    // Everything from the price to the reservation happens under one write lock, after the
    // file was read: nothing between the check and the insert can pay or reserve these periods.
    const { db } = this.ctx;
    const { loan, voucherId } = db
      .transaction(() => {
        const loan = this.loans.find(userId, orderNo);
        const price = this.ledger.price(loan, { payoff: false, periods });
        if (amountFen === null || amountFen !== price.amountFen) {
          throw new Refusal(say('proofAmount', { amount: formatMoney(fromFen(price.amountFen)) }));
        }
        if (db.prepare("SELECT 1 FROM vouchers WHERE file_hash = ? AND status IN ('pending', 'approved')").get(fileHash)) {
          throw new Refusal(say('receiptReused'));
        }
        const now = this.ctx.now();
        const voucherId = Number(
          db
            .prepare(
              "INSERT INTO vouchers (loan_id, periods, amount_fen, file_url, file_hash, remark, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)",
            )
            .run(loan.id, formatPeriods(price.periods), amountFen, fileUrl, fileHash, remark, now).lastInsertRowid,
        );
        if (this.ctx.config.autoConfirmVouchers) this.review(voucherId, 'approve');
        return { loan, voucherId };
      })
      .immediate();
    return this.view(loan, voucherId, base);
  }

  /** The borrower takes a pending proof back, freeing its instalments to be paid another way. */
  withdraw(userId: number, voucherId: number, base: string): Voucher {
    const row = this.byId(voucherId);
    const loan = row ? this.loans.byId(row.loan_id) : null;
    if (!row || !loan || loan.user_id !== userId) throw new Refusal(say('proofNotFound'));
    if (row.status !== 'pending') throw new Refusal(say('proofNotPending'));
    this.ctx.db
      .prepare("UPDATE vouchers SET status = 'withdrawn', reviewed_at = ? WHERE id = ? AND status = 'pending'")
      .run(this.ctx.now(), voucherId);
    return this.view(loan, voucherId, base);
  }

  /** The reviewer's decision: approval settles the proof's instalments at the price of its day. */
  review(voucherId: number, decision: 'approve' | 'reject'): Voucher['status'] {
    const { db } = this.ctx;
    return db.transaction(() => {
      const row = this.byId(voucherId);
      if (!row) throw new Refusal(say('proofNotFound'));
      if (row.status !== 'pending') throw new Refusal(say('proofReviewed', { status: row.status }));
      const now = this.ctx.now();
      const status = decision === 'approve' ? 'approved' : 'rejected';
      // The reservation is lifted first, so that the ledger may settle these instalments.
      db.prepare('UPDATE vouchers SET status = ?, reviewed_at = ? WHERE id = ?').run(status, now, voucherId);
      if (decision === 'approve') {
        const loan: LoanRow = this.loans.byId(row.loan_id);
        const settled = this.ledger.settle(
          loan,
          { payoff: false, periods: parsePeriods(row.periods) ?? [] },
          `voucher:${voucherId}`,
          now,
          calendarDate(row.created_at),
        );
        if (settled.amountFen !== row.amount_fen) throw new Refusal(say('proofRepriced'));
      }
      return status;
    })();
  }

  private byId(voucherId: number): VoucherRow | null {
    return (this.ctx.db.prepare('SELECT * FROM vouchers WHERE id = ?').get(voucherId) as VoucherRow | undefined) ?? null;
  }

  private view(loan: LoanRow, voucherId: number, base: string): Voucher {
    return this.loans.vouchers(loan, base).find((voucher) => voucher.id === voucherId)!;
  }
}
