import { isDeepStrictEqual } from 'node:util';
import { REJECTION_WORDS_MAX, type ApprovalAsked, type LoanDecided, type LoanRejection, type ProofDecided } from '@instalment/contract/api';
import { fromFen, toFen } from '@instalment/contract/loan';
import type { Store } from '../../db/store';
import { SettingRecords } from '../../repositories/catalogue';
import type { Rejection } from '../../repositories/loans';
import { UserRecords } from '../../repositories/users';
import type { Change } from '../../services/change';
import { changesBorrower, refuseClosedAccount } from '../../services/closed-account-check';
import type { LoanService } from '../../services/loans';
import type { Operator } from '../../services/operators';
import type { Reconciliation } from '../../services/reconciliation';
import { Refusal, sentenceOf } from '../../services/refusals';
import { formatTarget, loanTarget, proofTarget } from '../../services/targets';
import type { ProofService } from '../../services/proofs';
import { requiredCommand, type ApprovalCommand } from './commands';
import { heldLoan, loanState } from './loan-state';
import type { ApprovalService } from './service';
import { checkSetting } from './settings';

/** The largest credit line the console may give one borrower, in fen. */
const MAX_CREDIT_FEN = 100_000_000;

function required(value: string, refusal: 'reasonRequired' | 'bankRefRequired'): string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 200) throw new Refusal(sentenceOf(refusal));
  return trimmed;
}

/** A picked reason speaks for itself and the reviewer's words may add to it; "other" says nothing without them. */
function rejection({ reason_code, reason = '' }: LoanRejection): Rejection {
  const words = reason.trim();
  if (words.length > REJECTION_WORDS_MAX || (reason_code === 'other' && words === '')) throw new Refusal(sentenceOf('reasonRequired'));
  return { code: reason_code, text: words || null };
}

/**
 * The operators' commands. A reviewer approves or rejects an application, or rejects a proof, at
 * once; finance asks for a disbursement or a proof's confirmation, which a second operator carries
 * out (`ApprovalService.decide`); a credit line or a setting changes the same way. Each runs in the
 * write the console opened for it (`ConsoleWrites`), which also holds the audit entry.
 */
export class ConsoleCommands {
  constructor(
    private readonly loans: LoanService,
    private readonly vouchers: ProofService,
    private readonly approvals: ApprovalService,
    private readonly reconciliation: Reconciliation,
  ) {}

  async approveLoan(tx: Store, orderNo: string): Promise<Change<LoanDecided>> {
    await refuseClosedAccount(tx, loanTarget(orderNo));
    return heldLoan(this.loans, tx, orderNo, async (loans, loan) => {
      const after = await loans.approve(orderNo);
      return {
        target: loanTarget(orderNo),
        before: loanState(loan),
        after: loanState(after),
        answer: { order_no: orderNo, status: after.status },
      };
    });
  }

  async rejectLoan(tx: Store, orderNo: string, asked: LoanRejection): Promise<Change<LoanDecided>> {
    const why = rejection(asked);
    await refuseClosedAccount(tx, loanTarget(orderNo));
    return heldLoan(this.loans, tx, orderNo, async (loans, loan) => {
      const after = await loans.reject(orderNo, why);
      return {
        target: loanTarget(orderNo),
        before: loanState(loan),
        after: loanState(after),
        answer: { order_no: orderNo, status: after.status },
      };
    });
  }

  /** Finance asks to send the money; a second operator's approval disburses. */
  async askDisbursement(tx: Store, maker: Operator, orderNo: string, bankRef: string): Promise<Change<ApprovalAsked>> {
    const reference = required(bankRef, 'bankRefRequired');
    const loan = await this.loans.on(tx).byOrderNo(orderNo);
    this.loans.requireStatus(loan, 'approved');
    return this.asked(
      tx,
      maker,
      { kind: 'loan.disburse', target: { kind: 'loan', orderNo }, payload: { bank_ref: reference } },
      loanState(loan),
    );
  }

  async askProofConfirmation(tx: Store, maker: Operator, proofId: number, bankRef: string): Promise<Change<ApprovalAsked>> {
    const reference = required(bankRef, 'bankRefRequired');
    const proof = await this.vouchers.on(tx).pending(proofId);
    return this.asked(
      tx,
      maker,
      { kind: 'voucher.confirm', target: { kind: 'proof', id: proofId }, payload: { bank_ref: reference } },
      { status: proof.status },
    );
  }

  async rejectProof(tx: Store, proofId: number, reason: string): Promise<Change<ProofDecided>> {
    const why = required(reason, 'reasonRequired');
    await refuseClosedAccount(tx, proofTarget(proofId));
    const status = await this.vouchers.on(tx).review(proofId, 'reject', { reject_reason: why });
    return {
      target: proofTarget(proofId),
      before: { status: 'pending' },
      after: { status, reject_reason: why },
      answer: { id: proofId, status },
    };
  }

  async askCredit(tx: Store, maker: Operator, userId: number, limit: string): Promise<Change<ApprovalAsked>> {
    const limitFen = toFen(limit);
    if (limitFen === null || limitFen < 0 || limitFen > MAX_CREDIT_FEN) throw new Refusal(sentenceOf('creditAmount'));
    const user = await new UserRecords(tx).byId(userId);
    if (!user) throw new Refusal(sentenceOf('noUserWithPhone'));
    const before = { limit: user.credit_limit_fen === null ? null : fromFen(user.credit_limit_fen) };
    return this.asked(
      tx,
      maker,
      { kind: 'credit.limit', target: { kind: 'user', id: userId }, payload: { limit: fromFen(limitFen) } },
      before,
    );
  }

  async askSetting(tx: Store, maker: Operator, key: string, value: unknown): Promise<Change<ApprovalAsked>> {
    const { setting, value: kept } = checkSetting(key, value);
    const before = await new SettingRecords(tx).read(setting);
    // A second operator's time is not asked for a change that changes nothing.
    if (isDeepStrictEqual(before, kept)) throw new Refusal(sentenceOf('settingUnchanged'));
    return this.asked(
      tx,
      maker,
      { kind: `setting.${setting}`, target: { kind: 'setting', key: setting }, payload: { value: kept } },
      before,
    );
  }

  /** Finance asks to give back what a payment difference did not settle; a second operator's approval refunds it. */
  async askRefund(tx: Store, maker: Operator, differenceId: number): Promise<Change<ApprovalAsked>> {
    const { target, payload, before } = await this.reconciliation.refundAsked(tx, differenceId);
    return this.asked(tx, maker, requiredCommand('difference.refund', target, payload), before);
  }

  /**
   * Finance asks to credit the borrower with what a payment difference did not settle (at today's
   * price, or at the price they were shown); a second operator's approval applies it: money moved
   * to a borrower's instalments is checked as money given back is.
   */
  async askApply(tx: Store, maker: Operator, differenceId: number, atPriceShown: boolean): Promise<Change<ApprovalAsked>> {
    const { target, payload, before } = await this.reconciliation.applyAsked(tx, differenceId, atPriceShown);
    return this.asked(tx, maker, requiredCommand('difference.apply', target, payload), before);
  }

  private async asked(tx: Store, maker: Operator, command: ApprovalCommand, before: unknown): Promise<Change<ApprovalAsked>> {
    const target = formatTarget(command.target);
    if (changesBorrower(command.kind)) await refuseClosedAccount(tx, target);
    const id = await this.approvals.askCommand(tx, maker, command, before);
    return {
      target,
      before,
      after: { approval_id: id, kind: command.kind, ...command.payload },
      answer: { approval_id: id, status: 'awaiting' },
    };
  }
}
