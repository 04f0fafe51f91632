import { isDeepStrictEqual } from 'node:util';
import {
  EDITABLE_SETTINGS,
  REJECTION_WORDS_MAX,
  type ApprovalAsked,
  type ApprovalKind,
  type EditableSetting,
  type LoanDecided,
  type LoanRejection,
  type VoucherDecided,
} from '@instalment/contract/api';
import { BankInfo, PaymentChannels, StoredRates } from '@instalment/contract/api/schemas';
import { APR_CEILING_BP, APR_REFERENCE_AMOUNT_FEN, formatRate, fromFen, priceAprBp, toFen } from '@instalment/contract/loan';
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import type { Store } from '../db/store';
import { SettingRecords } from '../repositories/catalogue';
import { UserRecords } from '../repositories/users';
import type { ApprovalService, Effect } from './approvals';
import { Ledger } from './ledger';
import type { LoanRow, LoanService } from './loans';
import type { Rejection } from '../repositories/loans';
import type { Operator } from './operators';
import type { Reconciliation } from './reconciliation';
import { loanTarget, userTarget, voucherTarget } from './targets';
import type { VoucherService } from './vouchers';
import type { AccountKind } from './operator-accounts';
import type { Change } from './change';
import { changesBorrower, refuseClosedAccount, refusedWhenClosed } from './closed-account-check';
import { Refusal, say } from './refusals';

/** The largest credit line staff may give one borrower, in fen. */
const MAX_CREDIT_FEN = 100_000_000;

/** What a new value of each setting must look like. */
export const SETTING_SHAPES: Record<EditableSetting, TSchema> = {
  loan_rates: StoredRates,
  payment_channels: PaymentChannels,
  bank_info: BankInfo,
};

const loanState = (loan: LoanRow) => ({
  status: loan.status,
  approved_at: loan.approved_at,
  disbursed_at: loan.disbursed_at,
  disbursement_ref: loan.disbursement_ref,
  reject_code: loan.reject_code,
  reject_reason: loan.reject_reason,
});

function required(value: string, refusal: 'reasonRequired' | 'bankRefRequired'): string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 200) throw new Refusal(say(refusal));
  return trimmed;
}

/** A picked reason speaks for itself and the reviewer's words may add to it; "other" says nothing without them. */
function rejection({ reason_code, reason = '' }: LoanRejection): Rejection {
  const words = reason.trim();
  if (words.length > REJECTION_WORDS_MAX || (reason_code === 'other' && words === '')) throw new Refusal(say('reasonRequired'));
  return { code: reason_code, text: words || null };
}

/**
 * A setting's new value, judged before anyone is asked to approve it, and kept as its shape has it:
 * a key the setting does not have (a field of the answer it was read from) is not stored with it.
 */
function checkSetting(key: string, value: unknown): { setting: EditableSetting; value: unknown } {
  if (!(EDITABLE_SETTINGS as readonly string[]).includes(key)) throw new Refusal(say('settingUnknown'));
  const setting = key as EditableSetting;
  if (!Value.Check(SETTING_SHAPES[setting], value)) throw new Refusal(say('settingShape', { key }));
  if (setting === 'loan_rates') {
    for (const offer of (value as { terms: Array<{ term: number; monthly_rate_bp: number; monthly_fee_bp: number }> }).terms) {
      const apr = priceAprBp(APR_REFERENCE_AMOUNT_FEN, offer.term, offer.monthly_rate_bp, offer.monthly_fee_bp);
      if (apr > APR_CEILING_BP) throw new Refusal(say('aprOverCap', { term: offer.term, rate: formatRate(apr) }));
    }
  }
  return { setting, value: Value.Clean(SETTING_SHAPES[setting], Value.Clone(value)) };
}

/** The loan's lock, taken inside the command's write, so that no payment or sweep runs in between. */
async function heldLoan<T>(
  loans: LoanService,
  tx: Store,
  orderNo: string,
  work: (held: LoanService, loan: LoanRow) => Promise<T>,
): Promise<T> {
  const loan = await loans.on(tx).byOrderNo(orderNo);
  return tx.write([Ledger.lock(loan.id)], (held) => work(loans.on(held), loan));
}

/**
 * The operators' commands. A reviewer approves or rejects an application; finance asks for a
 * disbursement or a proof's confirmation, which a second operator carries out (`effects`); a
 * credit line or a setting changes the same way. Each runs in the write its route opened, which
 * also holds the audit entry.
 */
export class BackOffice {
  constructor(
    private readonly loans: LoanService,
    private readonly vouchers: VoucherService,
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
    return this.asked(tx, maker, 'loan.disburse', loanTarget(orderNo), { bank_ref: reference }, loanState(loan));
  }

  async askVoucherConfirmation(tx: Store, maker: Operator, voucherId: number, bankRef: string): Promise<Change<ApprovalAsked>> {
    const reference = required(bankRef, 'bankRefRequired');
    const voucher = await this.vouchers.on(tx).pending(voucherId);
    return this.asked(tx, maker, 'voucher.confirm', voucherTarget(voucherId), { bank_ref: reference }, { status: voucher.status });
  }

  async rejectVoucher(tx: Store, voucherId: number, reason: string): Promise<Change<VoucherDecided>> {
    const why = required(reason, 'reasonRequired');
    await refuseClosedAccount(tx, voucherTarget(voucherId));
    const status = await this.vouchers.on(tx).review(voucherId, 'reject', { reject_reason: why });
    return {
      target: voucherTarget(voucherId),
      before: { status: 'pending' },
      after: { status, reject_reason: why },
      answer: { id: voucherId, status },
    };
  }

  async askCredit(tx: Store, maker: Operator, userId: number, limit: string): Promise<Change<ApprovalAsked>> {
    const limitFen = toFen(limit);
    if (limitFen === null || limitFen < 0 || limitFen > MAX_CREDIT_FEN) throw new Refusal(say('creditAmount'));
    const user = await new UserRecords(tx).byId(userId);
    if (!user) throw new Refusal(say('noUserWithPhone'));
    const before = { limit: user.credit_limit_fen === null ? null : fromFen(user.credit_limit_fen) };
    return this.asked(tx, maker, 'credit.limit', userTarget(userId), { limit: fromFen(limitFen) }, before);
  }

  async askSetting(tx: Store, maker: Operator, key: string, value: unknown): Promise<Change<ApprovalAsked>> {
    const { setting, value: kept } = checkSetting(key, value);
    const before = await new SettingRecords(tx).read(setting);
    // A second operator's time is not asked for a change that changes nothing.
    if (isDeepStrictEqual(before, kept)) throw new Refusal(say('settingUnchanged'));
    return this.asked(tx, maker, `setting.${setting}` as ApprovalKind, `setting:${setting}`, { value: kept }, before);
  }

  /** Finance asks to give back what a payment difference did not settle; a second operator's approval refunds it. */
  async askRefund(tx: Store, maker: Operator, differenceId: number): Promise<Change<ApprovalAsked>> {
    const { target, payload, before } = await this.reconciliation.refundAsked(tx, differenceId);
    return this.asked(tx, maker, 'difference.refund', target, payload, before);
  }

  /**
   * Finance asks to credit the borrower with what a payment difference did not settle (at today's
   * price, or at the price they were shown); a second operator's approval applies it: money moved
   * to a borrower's instalments is checked as money given back is.
   */
  async askApply(tx: Store, maker: Operator, differenceId: number, atPriceShown: boolean): Promise<Change<ApprovalAsked>> {
    const { target, payload, before } = await this.reconciliation.applyAsked(tx, differenceId, atPriceShown);
    return this.asked(tx, maker, 'difference.apply', target, payload, before);
  }

  private async asked(
    tx: Store,
    maker: Operator,
    kind: ApprovalKind,
    target: string,
    payload: unknown,
    before: unknown,
  ): Promise<Change<ApprovalAsked>> {
    if (changesBorrower(kind)) await refuseClosedAccount(tx, target);
    const id = await this.approvals.ask(tx, maker, kind, target, payload, before);
    return { target, before, after: { approval_id: id, kind, ...(payload as object) }, answer: { approval_id: id, status: 'awaiting' } };
  }
}

/** What each kind of approval does once a second operator approves it. */
export function approvalEffects(
  loansService: LoanService,
  vouchers: VoucherService,
  reconciliation: Reconciliation,
  accounts: Record<AccountKind, Effect>,
): Record<ApprovalKind, Effect> {
  const targetId = (target: string) => target.slice(target.indexOf(':') + 1);
  const setting =
    (key: EditableSetting): Effect =>
    async (tx, _target, payload) => {
      const { value } = checkSetting(key, (payload as { value: unknown }).value);
      await new SettingRecords(tx).write(key, value);
      return value;
    };
  return refusedWhenClosed({
    'loan.disburse': (tx, target, payload) =>
      heldLoan(loansService, tx, targetId(target), async (loans) =>
        loanState(await loans.disburse(targetId(target), (payload as { bank_ref: string }).bank_ref)),
      ),
    'voucher.confirm': async (tx, target, payload) => {
      const bankRef = (payload as { bank_ref: string }).bank_ref;
      return { status: await vouchers.on(tx).review(Number(targetId(target)), 'approve', { bank_ref: bankRef }), bank_ref: bankRef };
    },
    'credit.limit': async (tx, target, payload) => {
      const { limit } = payload as { limit: string };
      await new UserRecords(tx).setCreditLimit(Number(targetId(target)), toFen(limit));
      return { limit };
    },
    'setting.loan_rates': setting('loan_rates'),
    'setting.payment_channels': setting('payment_channels'),
    'setting.bank_info': setting('bank_info'),
    'difference.refund': (tx, target, _payload, checker) => reconciliation.refund(tx, Number(targetId(target)), checker),
    'difference.apply': (tx, target, payload, checker) =>
      reconciliation.apply(tx, Number(targetId(target)), checker, (payload as { at_price_shown: boolean }).at_price_shown),
    ...accounts,
  });
}
