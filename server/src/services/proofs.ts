import type { Proof, ProofRequest } from '@instalment/contract/api';
import { checkProofRemark, formatMoney, formatPeriods, fromFen, parsePeriods, remarkProblemText, toFen } from '@instalment/contract/loan';
import type { Context } from '../runtime/context';
import { Ledger } from './ledger';
import type { LoanRow, LoanService } from './loans';
import type { UploadService } from './uploads';
import type { Store } from '../db/store';
import { ProofRecords, type ProofRow } from '../repositories/proofs';
import { Refusal, sentenceOf } from './refusals';
import { proofView } from './proof-view';
import { businessDay } from './business-time';

export type ReviewNotes = Partial<Pick<ProofRow, 'bank_ref' | 'reject_reason'>>;

/** Periods as a JSON array of numbers or as "1,2" (a form post). */
const periodsOf = (value: ProofRequest['periods']): number[] | null => (typeof value === 'string' ? parsePeriods(value) : value);

/**
 * Payment proofs for bank transfers. A pending proof reserves its instalments in the ledger
 * (they are not offered for payment) until it is approved — which settles them through the
 * ledger, at the price of the day it was uploaded — rejected or withdrawn by the borrower.
 * Its amount must be exactly what its instalments cost that day, and one receipt file backs
 * at most one live proof. With AUTO_CONFIRM_VOUCHERS a proof is approved at once.
 */
export class ProofService {
  constructor(
    private readonly ctx: Context,
    private readonly loans: LoanService,
    private readonly ledger: Ledger,
    private readonly uploads: UploadService,
  ) {
    this.records = new ProofRecords(ctx.store);
  }

  private readonly records: ProofRecords;

  /** The same service on a write's transaction. */
  on(tx: Store): ProofService {
    return new ProofService({ ...this.ctx, store: tx }, this.loans.on(tx), this.ledger.on(tx), this.uploads);
  }

  async submit(userId: number, proof: ProofRequest): Promise<Proof> {
    const found = await this.loans.find(userId, proof.order_no.trim());
    const orderNo = found.order_no;
    const periods = periodsOf(proof.periods);
    if (periods === null) throw new Refusal(sentenceOf('periodsList'));
    const receipt = await this.uploads.ownProof(userId, proof.file_url.trim());
    if (!receipt) throw new Refusal(sentenceOf('uploadProofFirst'));
    const remark = (proof.remark ?? '').trim();
    const remarkProblem = checkProofRemark(remark);
    if (remarkProblem) throw new Refusal((locale) => remarkProblemText(remarkProblem, locale));
    const amountFen = toFen(proof.amount.trim());

    // Everything from the price to the reservation happens in one write holding the loan's lock
    // (and the receipt's): nothing between the check and the insert can pay or reserve these periods.
    const proofId = await this.ctx.store.write([Ledger.lock(found.id), `receipt:${receipt.contentHash}`], async (tx) => {
      const held = this.on(tx);
      const loan = await held.loans.find(userId, orderNo);
      const price = await held.ledger.price(loan, { payoff: false, periods });
      if (amountFen === null || amountFen !== price.amountFen) {
        throw new Refusal(sentenceOf('proofAmount', { amount: formatMoney(fromFen(price.amountFen)) }));
      }
      if (await held.records.receiptInUse(receipt.contentHash)) throw new Refusal(sentenceOf('receiptReused'));
      const id = await held.records.insertPending({
        loan_id: loan.id,
        periods: formatPeriods(price.periods),
        amount_fen: amountFen,
        file_url: receipt.url,
        file_hash: receipt.contentHash,
        remark,
        created_at: this.ctx.now(),
      });
      if (this.ctx.config.autoConfirmProofs) await held.review(id, 'approve');
      return id;
    });
    return this.view(found, proofId);
  }

  /** The borrower takes a pending proof back, freeing its instalments to be paid another way. */
  async withdraw(userId: number, proofId: number): Promise<Proof> {
    const row = await this.records.byId(proofId);
    const loan = row ? await this.loans.byId(row.loan_id) : null;
    if (!row || !loan || loan.user_id !== userId) throw new Refusal(sentenceOf('proofNotFound'));
    if (row.status !== 'pending') throw new Refusal(sentenceOf('proofNotPending'));
    // Under the loan's lock, as a review is; a write, which reads the signed-in session again (http/session-writes.ts).
    await this.ctx.store.write([Ledger.lock(loan.id)], (tx) => new ProofRecords(tx).withdraw(proofId, this.ctx.now()));
    return this.view(loan, proofId);
  }

  /**
   * The decision on a proof: approval settles its instalments at the price of its day; `notes`
   * keep the bank's reference of a confirmed transfer or the reason of a rejection.
   */
  async review(proofId: number, decision: 'approve' | 'reject', notes: ReviewNotes = {}): Promise<Proof['status']> {
    const found = await this.records.byId(proofId);
    if (!found) throw new Refusal(sentenceOf('proofNotFound'));
    return this.ctx.store.write([Ledger.lock(found.loan_id)], (tx) => this.on(tx).reviewHeld(proofId, decision, notes));
  }

  /** Whether the proof can still be decided (a refusal if not). */
  async pending(proofId: number): Promise<ProofRow> {
    const row = await this.records.byId(proofId);
    if (!row) throw new Refusal(sentenceOf('proofNotFound'));
    if (row.status !== 'pending') throw new Refusal(sentenceOf('proofReviewed', { status: row.status }));
    return row;
  }

  private async reviewHeld(proofId: number, decision: 'approve' | 'reject', notes: ReviewNotes = {}): Promise<Proof['status']> {
    const row = await this.pending(proofId);
    const now = this.ctx.now();
    const status = decision === 'approve' ? 'approved' : 'rejected';
    // The reservation is lifted first, so that the ledger may settle these instalments.
    await this.records.review(proofId, status, now, notes);
    if (decision === 'approve') {
      const loan: LoanRow = await this.loans.byId(row.loan_id);
      const settled = await this.ledger.settle(
        loan,
        { payoff: false, periods: parsePeriods(row.periods) ?? [] },
        `voucher:${proofId}`,
        now,
        businessDay(this.ctx, row.created_at),
      );
      if (settled.amountFen !== row.amount_fen) throw new Refusal(sentenceOf('proofRepriced'));
    }
    return status;
  }

  private async view(loan: LoanRow, proofId: number): Promise<Proof> {
    return proofView(loan.order_no, (await this.records.byId(proofId))!);
  }
}
