import type { Selectable } from 'kysely';
import type { Store } from '../db/store';
import type { InstalmentRow, LoanRow, PaymentRow, Tables, UserRow, ProofRow } from '../db/tables';

/** Everything one borrower's rows hold, table by table, as the export reads it. */
export interface PersonalRows {
  user: UserRow;
  consents: Array<Selectable<Tables['consents']>>;
  loans: LoanRow[];
  instalments: InstalmentRow[];
  payments: PaymentRow[];
  differences: Array<Selectable<Tables['payment_differences']>>;
  vouchers: ProofRow[];
  reminders: Array<Selectable<Tables['reminders']>>;
  uploads: Array<Selectable<Tables['uploads']>>;
  sessions: Array<Pick<Selectable<Tables['tokens']>, 'createtime' | 'expiretime'>>;
  codes: Array<Pick<Selectable<Tables['sms_codes']>, 'event' | 'createtime' | 'expiretime' | 'status'>>;
  failedLogins: Array<Pick<Selectable<Tables['login_failures']>, 'at' | 'address'>>;
  /** What operators did to the account (`user:<id>`), without who: their names are theirs. */
  consoleActions: Array<Pick<Selectable<Tables['audit_log']>, 'at' | 'action' | 'outcome'>>;
}

/**
 * The reads behind "my data": every table that names the borrower, by their id, their loans or
 * their phone. A table added with a user_id belongs here too.
 */
export class PersonalDataRecords {
  constructor(private readonly store: Store) {}

  /** `auditTarget`: how the audit log names the account (`userTarget`). */
  async of(user: UserRow, auditTarget: string): Promise<PersonalRows> {
    const q = this.store.q;
    const loans = await q.selectFrom('loans').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    const loanIds = loans.map((loan) => loan.id);
    // `IN ()` is no SQL: a borrower without loans has none of the loans' rows.
    const ofLoans = <T>(read: (ids: number[]) => Promise<T[]>) => (loanIds.length === 0 ? Promise.resolve([]) : read(loanIds));
    return {
      user,
      consents: await q.selectFrom('consents').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      loans,
      instalments: await ofLoans((ids) =>
        q.selectFrom('instalments').selectAll().where('loan_id', 'in', ids).orderBy('loan_id').orderBy('period').execute(),
      ),
      payments: await ofLoans((ids) => q.selectFrom('payments').selectAll().where('loan_id', 'in', ids).orderBy('id').execute()),
      differences: await ofLoans((ids) =>
        q.selectFrom('payment_differences').selectAll().where('loan_id', 'in', ids).orderBy('id').execute(),
      ),
      vouchers: await ofLoans((ids) => q.selectFrom('vouchers').selectAll().where('loan_id', 'in', ids).orderBy('id').execute()),
      reminders: await ofLoans((ids) => q.selectFrom('reminders').selectAll().where('loan_id', 'in', ids).orderBy('id').execute()),
      uploads: await q.selectFrom('uploads').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
      sessions: await q
        .selectFrom('tokens')
        .select(['createtime', 'expiretime'])
        .where('user_id', '=', user.id)
        .orderBy('createtime')
        .execute(),
      codes: await q
        .selectFrom('sms_codes')
        .select(['event', 'createtime', 'expiretime', 'status'])
        // Codes sent to the phone before the account held it were a previous holder's.
        .where('mobile', '=', user.mobile)
        .where('createtime', '>=', user.mobile_since)
        .orderBy('id')
        .execute(),
      failedLogins: await q
        .selectFrom('login_failures')
        .select(['at', 'address'])
        .where('account', '=', `user:${user.id}`)
        .orderBy('id')
        .execute(),
      consoleActions: await q
        .selectFrom('audit_log')
        .select(['at', 'action', 'outcome'])
        .where('target', '=', auditTarget)
        .where('operator_id', 'is not', null)
        .orderBy('id')
        .execute(),
    };
  }
}
