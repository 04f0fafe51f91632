import type { Readable } from 'node:stream';
import { fromFen } from '@instalment/contract/loan';
import { iso, type Context } from '../runtime/context';
import type { Sealed } from '../sealing/field-cipher';
import { PersonalDataRecords, type PersonalRows } from '../repositories/personal-data';
import type { UserRow } from '../repositories/users';
import type { AuditService } from './audit';
import { userTarget } from './targets';
import type { UploadService } from './uploads';
import { zipStream, type ZipEntry } from './zip-stream';

/** What the archive's data.json says it is, so a reader knows which shape it holds. */
export const EXPORT_FORMAT = 'instalment-personal-data/1';

const fromSeconds = (value: number) => iso(value * 1000);
const when = (ms: number | null) => (ms === null ? null : iso(ms));
const money = (fen: number | null) => (fen === null ? null : fromFen(fen));
/** An uploaded file's place in the archive: its stored path without the leading slash. */
const archived = (url: string) => url.replace(/^\//, '');

/**
 * "My data": one zip of everything held about a borrower, theirs to take (PIPL art. 45). The
 * ID number and bank card are in full, because they are the borrower's own and the archive goes
 * only to them (through a link signed for them, never logged); uploaded files go in as they
 * were stored, read through the storage, so a bucket serves them as a folder does.
 */
export class DataExport {
  constructor(
    private readonly ctx: Context,
    private readonly uploads: UploadService,
    private readonly audit: AuditService,
  ) {}

  /** The archive, and its audit row: a borrower's own action, filed under no operator. */
  async archive(user: UserRow, address: string): Promise<{ fileName: string; bytes: Readable }> {
    const rows = await new PersonalDataRecords(this.ctx.store).of(user, userTarget(user.id));
    await this.audit.record({
      operator: { id: null, username: userTarget(user.id), roles: [] },
      address,
      action: 'borrower.export',
      target: userTarget(user.id),
      after: { loans: rows.loans.length, files: rows.uploads.length },
      outcome: 'done',
    });
    const day = iso(this.ctx.now()).slice(0, 10);
    return { fileName: `my-data-${day}.zip`, bytes: zipStream(this.entries(rows)) };
  }

  private async *entries(rows: PersonalRows): AsyncGenerator<ZipEntry> {
    const json = JSON.stringify(this.document(rows), null, 2);
    yield { name: 'data.json', bytes: new TextEncoder().encode(json), compress: true };
    for (const upload of rows.uploads) {
      const bytes = await this.uploads.read(upload.url);
      // A file the storage has lost is left out; data.json still lists it under `uploads`.
      if (bytes) yield { name: archived(upload.url), bytes, compress: false };
    }
  }

  private open(sealed: Sealed | null): string | null {
    return sealed === null ? null : this.ctx.cipher.open(sealed);
  }

  private document(rows: PersonalRows) {
    const { user } = rows;
    const byLoan = <T extends { loan_id: number }>(list: T[], loanId: number) => list.filter((row) => row.loan_id === loanId);
    return {
      format: EXPORT_FORMAT,
      generated_at: iso(this.ctx.now()),
      account: {
        id: user.id,
        username: user.username,
        nickname: user.nickname,
        mobile: user.mobile,
        email: user.email,
        avatar: user.avatar,
        bio: user.bio,
        real_name: user.real_name,
        id_card: this.open(user.id_card),
        created_at: fromSeconds(user.createtime),
        money: fromFen(user.money_fen),
        score: user.score,
        level: user.level,
        credit_limit: money(user.credit_limit_fen),
        sms_reminders: user.sms_reminders === 1,
      },
      consents: rows.consents.map((consent) => ({
        document: consent.document,
        version: consent.version,
        agreed_at: iso(consent.agreed_at),
        address: consent.address,
      })),
      loans: rows.loans.map((loan) => ({
        order_no: loan.order_no,
        status: loan.status,
        amount: fromFen(loan.amount_fen),
        term: loan.term,
        purpose: loan.purpose,
        monthly_rate_bp: loan.monthly_rate_bp,
        monthly_fee_bp: loan.monthly_fee_bp,
        penalty_bp: loan.penalty_bp,
        grace_days: loan.grace_days,
        real_name: loan.real_name,
        id_card: this.open(loan.id_card),
        bank_card: this.open(loan.bank_card),
        bank_name: loan.bank_name,
        created_at: iso(loan.created_at),
        approved_at: when(loan.approved_at),
        disbursed_at: when(loan.disbursed_at),
        disbursement_ref: loan.disbursement_ref,
        rejected_at: when(loan.rejected_at),
        reject_code: loan.reject_code,
        reject_reason: loan.reject_reason,
        settled_at: when(loan.settled_at),
        instalments: byLoan(rows.instalments, loan.id).map((instalment) => ({
          period: instalment.period,
          due_date: instalment.due_date,
          principal: fromFen(instalment.principal_fen),
          interest: fromFen(instalment.interest_fen),
          fee: fromFen(instalment.fee_fen),
          penalty: fromFen(instalment.penalty_fen),
          overdue_days: instalment.overdue_days,
          paid_at: when(instalment.paid_at),
          paid_by: instalment.paid_by,
        })),
        payments: rows.payments
          .filter((payment) => payment.loan_id === loan.id)
          .map((payment) => ({
            payment_no: payment.payment_no,
            periods: payment.periods,
            payoff: payment.payoff === 1,
            amount: fromFen(payment.amount_fen),
            status: payment.status,
            channel: payment.channel,
            created_at: iso(payment.created_at),
            paid_at: when(payment.paid_at),
            trade_no: payment.trade_no,
          })),
        payment_differences: byLoan(rows.differences, loan.id).map((difference) => ({
          received: fromFen(difference.received_fen),
          settled: fromFen(difference.settled_fen),
          reason: difference.reason,
          status: difference.status,
          created_at: iso(difference.created_at),
          refunded: money(difference.refunded_fen),
        })),
        proofs: byLoan(rows.vouchers, loan.id).map((voucher) => ({
          id: voucher.id,
          periods: voucher.periods,
          amount: fromFen(voucher.amount_fen),
          status: voucher.status,
          remark: voucher.remark,
          created_at: iso(voucher.created_at),
          reviewed_at: when(voucher.reviewed_at),
          bank_ref: voucher.bank_ref,
          reject_reason: voucher.reject_reason,
          file: archived(voucher.file_url),
        })),
        sms_reminders: byLoan(rows.reminders, loan.id).map((reminder) => ({
          period: reminder.period,
          kind: reminder.kind,
          status: reminder.status,
          sent_at: when(reminder.sent_at),
        })),
      })),
      uploads: rows.uploads.map((upload) => ({
        file: archived(upload.url),
        type: upload.mime,
        size: upload.size,
        uploaded_at: iso(upload.created_at),
        sha256: upload.content_hash,
      })),
      sms_codes: rows.codes.map((code) => ({
        event: code.event,
        sent_at: fromSeconds(code.createtime),
        expired_at: fromSeconds(code.expiretime),
        status: code.status,
      })),
      sessions: rows.sessions.map((session) => ({
        started_at: fromSeconds(session.createtime),
        expires_at: fromSeconds(session.expiretime),
      })),
      failed_logins: rows.failedLogins.map((failure) => ({ at: iso(failure.at), address: failure.address })),
      staff_actions: rows.consoleActions.map((action) => ({ at: iso(action.at), action: action.action, outcome: action.outcome })),
    };
  }
}
