import type { Voucher } from '@instalment/shared/api';
import { checkPeriodSelection, formatMoney, formatPeriods, fromFen, loanMessages, parsePeriods, toFen } from '@instalment/shared/loan';
import { translator } from '@instalment/shared/i18n';
import { validateFreeText } from '@instalment/shared/validation';
import type { Context } from '../context';
import { Refusal } from '../http/errors';
import { check, text, type Fields } from '../http/input';
import type { LoanService } from './loans';
import type { PaymentService } from './payments';
import type { UploadService } from './uploads';

const en = translator(loanMessages, 'en');
const MAX_REMARK = 200;

/** Periods as a JSON array of numbers or as "1,2" (a form post). */
function periodsOf(value: unknown): number[] | null {
  if (Array.isArray(value)) {
    return value.every((item) => Number.isInteger(Number(item)) && String(item).trim() !== '') ? value.map(Number) : null;
  }
  return typeof value === 'string' ? parsePeriods(value) : null;
}

/**
 * Payment proofs for bank transfers: recorded pending review, or confirmed at once (and the
 * instalments paid) when the server runs with AUTO_CONFIRM_VOUCHERS.
 */
export class VoucherService {
  constructor(
    private readonly ctx: Context,
    private readonly loans: LoanService,
    private readonly payments: PaymentService,
    private readonly uploads: UploadService,
  ) {}

  submit(userId: number, body: Fields, base: string): Voucher {
    const loan = this.loans.find(userId, text(body, 'order_no'));
    const due = this.payments.dueStates(loan);
    const periods = periodsOf(body.periods);
    if (periods === null) throw new Refusal('periods must be a list of instalment numbers, such as [1, 2].');
    const problem = checkPeriodSelection(
      due.map((state) => state.view.period),
      periods,
    );
    if (problem) throw new Refusal(en(problem));
    const selected = [...new Set(periods)].sort((a, b) => a - b);

    const pending = this.ctx.db.prepare("SELECT periods FROM vouchers WHERE loan_id = ? AND status = 'pending'").all(loan.id) as Array<{
      periods: string;
    }>;
    if (pending.some((row) => row.periods.split(',').map(Number).some((period) => selected.includes(period)))) {
      throw new Refusal('A payment proof for these instalments is already waiting for review.');
    }

    const amountFen = toFen(text(body, 'amount'));
    if (amountFen === null || amountFen === 0) throw new Refusal('Enter the amount you transferred, such as 1234.56.');
    const dueFen = due.filter((state) => selected.includes(state.view.period)).reduce((sum, state) => sum + state.totalFen, 0);
    if (amountFen < dueFen) throw new Refusal(`The amount is less than the ${formatMoney(fromFen(dueFen))} these instalments require.`);

    const fileUrl = this.uploads.ownUpload(userId, text(body, 'file_url'));
    if (!fileUrl) throw new Refusal('Upload the payment proof first, then submit it.');
    const remark = check(validateFreeText, text(body, 'remark'));
    if (remark.length > MAX_REMARK) throw new Refusal(`The remark may be at most ${MAX_REMARK} characters.`);

    const now = this.ctx.now();
    const autoConfirm = this.ctx.config.autoConfirmVouchers;
    this.ctx.db.transaction(() => {
      const id = this.ctx.db
        .prepare('INSERT INTO vouchers (loan_id, periods, amount_fen, file_url, remark, status, created_at, reviewed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(loan.id, formatPeriods(selected), amountFen, fileUrl, remark, autoConfirm ? 'approved' : 'pending', now, autoConfirm ? now : null)
        .lastInsertRowid;
      if (autoConfirm) {
        this.loans.markPaid(loan, selected, `voucher:${id}`, now);
        this.payments.voidCovering(loan.id, selected);
      }
    })();
    return this.loans.vouchers(loan, base)[0];
  }
}
