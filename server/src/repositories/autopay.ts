import type { Selectable } from 'kysely';
import type { Store } from '../db/store';
import type { AgreementState, AutopayEvent, ChargeState, Tables } from '../db/tables';

export type AgreementRow = Selectable<Tables['autopay_agreements']>;
export type ChargeRow = Selectable<Tables['autopay_charges']>;
export type HistoryRow = Selectable<Tables['autopay_history']>;
export type NewCharge = Omit<ChargeRow, 'id' | 'reason' | 'decided_at'> & { reason?: string | null; decided_at?: number | null };

/** A loan with an unpaid instalment due in the charge window, of a borrower whose agreement is active. */
export interface ChargeCandidate {
  loan_id: number;
  agreement_id: number;
  agreement_no: string;
}

/** A charge made on a day, as the console's run lists it: whose, on which loan, and whether their autopay is paused now. */
export type DayCharge = ChargeRow & {
  order_no: string;
  user_id: number;
  real_name: string | null;
  nickname: string;
  mobile: string;
  paused_at: number | null;
};

/** A loan of a signed borrower with instalments due on a day: what falls due, and whether finance paused the borrower's autopay. */
export interface DueLoan {
  loan_id: number;
  fen: number;
  paused: boolean;
}

/** Withholding agreements and the charges made on them. */
export class AutopayRecords {
  constructor(private readonly store: Store) {}

  async ofUser(userId: number): Promise<AgreementRow | null> {
    return (await this.store.q.selectFrom('autopay_agreements').selectAll().where('user_id', '=', userId).executeTakeFirst()) ?? null;
  }

  async agreement(id: number): Promise<AgreementRow> {
    return this.store.q.selectFrom('autopay_agreements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** The phone of the agreement's borrower, whom its charges are told to. */
  async mobileOf(agreementId: number): Promise<string> {
    const row = await this.store.q
      .selectFrom('autopay_agreements')
      .innerJoin('users', 'users.id', 'autopay_agreements.user_id')
      .select('users.mobile')
      .where('autopay_agreements.id', '=', agreementId)
      .executeTakeFirstOrThrow();
    return row.mobile;
  }

  async byExternal(externalAgreementNo: string): Promise<AgreementRow | null> {
    const query = this.store.q.selectFrom('autopay_agreements').selectAll().where('external_agreement_no', '=', externalAgreementNo);
    return (await this.store.held(query).executeTakeFirst()) ?? null;
  }

  /** A new sign request: the borrower's one agreement starts again as pending under a new number. */
  async request(userId: number, externalAgreementNo: string, consentVersion: string, now: number): Promise<void> {
    const fresh = {
      external_agreement_no: externalAgreementNo,
      agreement_no: null,
      state: 'pending' as const,
      consent_version: consentVersion,
    };
    await this.store.q
      .insertInto('autopay_agreements')
      .values({ user_id: userId, created_at: now, ...fresh })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...fresh, created_at: now, signed_at: null, ended_at: null }))
      .execute();
    await this.note((await this.ofUser(userId))!.id, 'pending', null, now);
  }

  async setState(id: number, state: AgreementState, agreementNo: string | null, now: number): Promise<void> {
    await this.store.q
      .updateTable('autopay_agreements')
      .set({
        state,
        ...(agreementNo ? { agreement_no: agreementNo } : {}),
        ...(state === 'active' ? { signed_at: now } : {}),
        ...(state === 'ended' || state === 'failed' ? { ended_at: now } : {}),
      })
      .where('id', '=', id)
      .execute();
    await this.note(id, state, null, now);
  }

  /** Finance stops (`paused`) or restarts (`resumed`) the agreement's charges; it stays signed at Alipay. */
  async pause(id: number, event: 'paused' | 'resumed', operator: string, now: number): Promise<void> {
    await this.store.q
      .updateTable('autopay_agreements')
      .set({ paused_at: event === 'paused' ? now : null })
      .where('id', '=', id)
      .execute();
    await this.note(id, event, operator, now);
  }

  /** One line of the agreement's history: every change of it is written here, in the same write. */
  private async note(agreementId: number, event: AutopayEvent, operator: string | null, now: number): Promise<void> {
    await this.store.q.insertInto('autopay_history').values({ agreement_id: agreementId, event, operator, at: now }).execute();
  }

  /** The agreement's history, oldest first. */
  history(agreementId: number): Promise<HistoryRow[]> {
    return this.store.q.selectFrom('autopay_history').selectAll().where('agreement_id', '=', agreementId).orderBy('id').execute();
  }

  /** Every charge made from `startMs` up to `endMs` (a business day, or days), in the order they were made. */
  madeIn(startMs: number, endMs: number): Promise<DayCharge[]> {
    return this.store.q
      .selectFrom('autopay_charges')
      .innerJoin('loans', 'loans.id', 'autopay_charges.loan_id')
      .innerJoin('users', 'users.id', 'loans.user_id')
      .innerJoin('autopay_agreements as agreements', 'agreements.id', 'autopay_charges.agreement_id')
      .selectAll('autopay_charges')
      .select(['loans.order_no', 'users.id as user_id', 'users.real_name', 'users.nickname', 'users.mobile', 'agreements.paused_at'])
      .where('autopay_charges.created_at', '>=', startMs)
      .where('autopay_charges.created_at', '<', endMs)
      .orderBy('autopay_charges.id')
      .execute();
  }

  /** Loans of borrowers whose agreement is active with instalments due on `date`, and what falls due on it (before any penalty). */
  async dueOn(date: string): Promise<DueLoan[]> {
    const rows = await this.store.q
      .selectFrom('instalments')
      .innerJoin('loans', 'loans.id', 'instalments.loan_id')
      .innerJoin('autopay_agreements as agreements', 'agreements.user_id', 'loans.user_id')
      .select((eb) => [
        'loans.id as loan_id',
        'agreements.paused_at',
        eb.fn
          .sum<number>(eb('instalments.principal_fen', '+', eb('instalments.interest_fen', '+', eb.ref('instalments.fee_fen'))))
          .as('fen'),
      ])
      .where('agreements.state', '=', 'active')
      .where('instalments.due_date', '=', date)
      .groupBy(['loans.id', 'agreements.paused_at'])
      .orderBy('loans.id')
      .execute();
    return rows.map((row) => ({ loan_id: row.loan_id, fen: Number(row.fen), paused: row.paused_at !== null }));
  }

  /** Loans of borrowers with an active agreement, not paused, that have an unpaid instalment due from `from` to `to`. */
  candidates(from: string, to: string): Promise<ChargeCandidate[]> {
    return (
      this.store.q
        .selectFrom('instalments')
        .innerJoin('loans', 'loans.id', 'instalments.loan_id')
        .innerJoin('autopay_agreements as agreements', 'agreements.user_id', 'loans.user_id')
        .select(['loans.id as loan_id', 'agreements.id as agreement_id', 'agreements.agreement_no'])
        .distinct()
        .where('agreements.state', '=', 'active')
        .where('agreements.agreement_no', 'is not', null)
        // Paused by finance: not charged until resumed.
        .where('agreements.paused_at', 'is', null)
        .where('instalments.paid_at', 'is', null)
        .where('loans.status', 'in', ['repaying', 'overdue'])
        .where('instalments.due_date', '>=', from)
        .where('instalments.due_date', '<=', to)
        .orderBy('loans.id')
        .execute() as Promise<ChargeCandidate[]>
    );
  }

  chargesOf(loanId: number, dueDate: string): Promise<ChargeRow[]> {
    return this.store.q
      .selectFrom('autopay_charges')
      .selectAll()
      .where('loan_id', '=', loanId)
      .where('due_date', '=', dueDate)
      .orderBy('attempt')
      .execute();
  }

  /** What the agreement was charged since `sinceMs`, in fen. */
  async chargedSince(agreementId: number, sinceMs: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('autopay_charges')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen'))
      .where('agreement_id', '=', agreementId)
      .where('state', 'in', ['paid', 'charging'])
      .where('created_at', '>=', sinceMs)
      .executeTakeFirstOrThrow();
    return Number(row.fen);
  }

  /** Inserts a charge; fails on the unique indexes when another run took this attempt, or a charge is in flight or paid. */
  async insert(charge: NewCharge): Promise<void> {
    await this.store.q.insertInto('autopay_charges').values(charge).execute();
  }

  /** Moves a charge on from `from`; false when another run already did. */
  async decide(id: number, from: ChargeState, state: ChargeState, reason: string | null, now: number): Promise<boolean> {
    const result = await this.store.q
      .updateTable('autopay_charges')
      .set({ state, reason, decided_at: now })
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  inFlight(): Promise<ChargeRow[]> {
    return this.store.q.selectFrom('autopay_charges').selectAll().where('state', '=', 'charging').orderBy('id').execute();
  }

  /** The borrower's latest charges, newest first, with their loan's number. */
  latestOf(agreementId: number, limit: number): Promise<Array<ChargeRow & { order_no: string }>> {
    return this.store.q
      .selectFrom('autopay_charges')
      .innerJoin('loans', 'loans.id', 'autopay_charges.loan_id')
      .selectAll('autopay_charges')
      .select('loans.order_no')
      .where('agreement_id', '=', agreementId)
      .orderBy('autopay_charges.id', 'desc')
      .limit(limit)
      .execute();
  }
}
