import type { Voucher, VoucherRequest } from '@instalment/contract/api';
import { checkVoucherRemark, formatMoney, formatPeriods, fromFen, parsePeriods, remarkProblemText, toFen } from '@instalment/contract/loan';
import type { Context } from '../runtime/context';
import { Ledger } from './ledger';
import type { LoanRow, LoanService } from './loans';
import type { UploadService } from './uploads';
import type { Store } from '../db/store';
import { VoucherRecords, type VoucherRow } from '../repositories/vouchers';
import { Refusal, say } from './refusals';
import { voucherView } from './voucher-view';
import { businessDay } from './business-time';

export type ReviewNotes = Partial<Pick<VoucherRow, 'bank_ref' | 'reject_reason'>>;

/** Periods as a JSON array of numbers or as "1,2" (a form post). */
const periodsOf = (value: VoucherRequest['periods']): number[] | null => (typeof value === 'string' ? parsePeriods(value) : value);

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
  ) {
    this.records = new VoucherRecords(ctx.store);
  }

  private readonly records: VoucherRecords;

  /** The same service on a write's transaction. */
  on(tx: Store): VoucherService {
    return new VoucherService({ ...this.ctx, store: tx }, this.loans.on(tx), this.ledger.on(tx), this.uploads);
  }

  async submit(userId: number, proof: VoucherRequest): Promise<Voucher> {
    const found = await this.loans.find(userId, proof.order_no.trim());
    const orderNo = found.order_no;
    const periods = periodsOf(proof.periods);
    if (periods === null) throw new Refusal(say('periodsList'));
    const receipt = await this.uploads.ownReceipt(userId, proof.file_url.trim());
    if (!receipt) throw new Refusal(say('uploadProofFirst'));
    const remark = (proof.remark ?? '').trim();
    const remarkProblem = checkVoucherRemark(remark);
    if (remarkProblem) throw new Refusal((locale) => remarkProblemText(remarkProblem, locale));
    const amountFen = toFen(proof.amount.trim());

    // Everything from the price to the reservation happens in one write holding the loan's lock
    // (and the receipt's): nothing between the check and the insert can pay or reserve these periods.
    const voucherId = await this.ctx.store.write([Ledger.lock(found.id), `receipt:${receipt.contentHash}`], async (tx) => {
      const held = this.on(tx);
      const loan = await held.loans.find(userId, orderNo);
      const price = await held.ledger.price(loan, { payoff: false, periods });
      if (amountFen === null || amountFen !== price.amountFen) {
        throw new Refusal(say('proofAmount', { amount: formatMoney(fromFen(price.amountFen)) }));
      }
      if (await held.records.receiptInUse(receipt.contentHash)) throw new Refusal(say('receiptReused'));
      const id = await held.records.insertPending({
        loan_id: loan.id,
        periods: formatPeriods(price.periods),
        amount_fen: amountFen,
        file_url: receipt.url,
        file_hash: receipt.contentHash,
        remark,
        created_at: this.ctx.now(),
      });
      if (this.ctx.config.autoConfirmVouchers) await held.review(id, 'approve');
      return id;
    });
    return this.view(found, voucherId);
  }

  /** The borrower takes a pending proof back, freeing its instalments to be paid another way. */
  async withdraw(userId: number, voucherId: number): Promise<Voucher> {
    const row = await this.records.byId(voucherId);
    const loan = row ? await this.loans.byId(row.loan_id) : null;
    if (!row || !loan || loan.user_id !== userId) throw new Refusal(say('proofNotFound'));
    if (row.status !== 'pending') throw new Refusal(say('proofNotPending'));
    // Under the loan's lock, as a review is; a write, which reads the signed-in session again (http/session-writes.ts).
    await this.ctx.store.write([Ledger.lock(loan.id)], (tx) => new VoucherRecords(tx).withdraw(voucherId, this.ctx.now()));
    return this.view(loan, voucherId);
  }

  /**
   * The decision on a proof: approval settles its instalments at the price of its day; `notes`
   * keep the bank's reference of a confirmed transfer or the reason of a rejection.
   */
  async review(voucherId: number, decision: 'approve' | 'reject', notes: ReviewNotes = {}): Promise<Voucher['status']> {
    const found = await this.records.byId(voucherId);
    if (!found) throw new Refusal(say('proofNotFound'));
    return this.ctx.store.write([Ledger.lock(found.loan_id)], (tx) => this.on(tx).reviewHeld(voucherId, decision, notes));
  }

  /** Whether the proof can still be decided (a refusal if not). */
  async pending(voucherId: number): Promise<VoucherRow> {
    const row = await this.records.byId(voucherId);
    if (!row) throw new Refusal(say('proofNotFound'));
    if (row.status !== 'pending') throw new Refusal(say('proofReviewed', { status: row.status }));
    return row;
  }

  private async reviewHeld(voucherId: number, decision: 'approve' | 'reject', notes: ReviewNotes = {}): Promise<Voucher['status']> {
    const row = await this.pending(voucherId);
    const now = this.ctx.now();
    const status = decision === 'approve' ? 'approved' : 'rejected';
    // The reservation is lifted first, so that the ledger may settle these instalments.
    await this.records.review(voucherId, status, now, notes);
    if (decision === 'approve') {
      const loan: LoanRow = await this.loans.byId(row.loan_id);
      const settled = await this.ledger.settle(
        loan,
        { payoff: false, periods: parsePeriods(row.periods) ?? [] },
        `voucher:${voucherId}`,
        now,
        businessDay(this.ctx, row.created_at),
      );
      if (settled.amountFen !== row.amount_fen) throw new Refusal(say('proofRepriced'));
    }
    return status;
  }

  private async view(loan: LoanRow, voucherId: number): Promise<Voucher> {
    return voucherView(loan.order_no, (await this.records.byId(voucherId))!);
  }
}
