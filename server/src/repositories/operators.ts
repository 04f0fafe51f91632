import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Sealed } from '../sealing/field-cipher';
import type { Store } from '../db/store';
import type { Tables } from '../db/tables';

export type OperatorRow = Selectable<Tables['operators']>;

/** Operator accounts and their sessions (tokens kept as their SHA-256 only). */
export class OperatorRecords {
  constructor(private readonly store: Store) {}

  async insert(
    operator: Pick<
      Insertable<Tables['operators']>,
      'username' | 'password_hash' | 'totp_secret' | 'roles' | 'created_at' | 'created_by' | 'enrolment_hash' | 'enrolment_expires_at'
    >,
  ): Promise<number> {
    const row = await this.store.q.insertInto('operators').values(operator).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async byUsername(username: string): Promise<OperatorRow | null> {
    return (await this.store.q.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst()) ?? null;
  }

  /** Marks a TOTP step as used, only if it is later than the last one: false for a code seen before. */
  async useTotpStep(id: number, step: number): Promise<boolean> {
    const result = await this.store.q
      .updateTable('operators')
      .set({ totp_last_step: step })
      .where('id', '=', id)
      .where('totp_last_step', '<', step)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setDisabled(username: string, disabled: boolean): Promise<number | null> {
    const row = await this.store.q
      .updateTable('operators')
      .set({ disabled: Number(disabled) })
      .where('username', '=', username)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Every account, in the order they were made. */
  all(): Promise<OperatorRow[]> {
    return this.store.q.selectFrom('operators').selectAll().orderBy('id').execute();
  }

  async setRoles(username: string, roles: string): Promise<number | null> {
    const row = await this.store.q
      .updateTable('operators')
      .set({ roles })
      .where('username', '=', username)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * A TOTP reset: a secret no one has seen replaces the old one at once (its time steps start
   * afresh, so no code of the old one counts) and the account waits for its operator's enrolment.
   */
  async resetForEnrolment(
    username: string,
    reset: Required<
      Pick<Updateable<Tables['operators']>, 'totp_secret' | 'enrolment_hash' | 'enrolment_expires_at' | 'reset_by' | 'reset_at'>
    >,
  ): Promise<number | null> {
    const row = await this.store.q
      .updateTable('operators')
      .set({ ...reset, totp_last_step: 0, enrolment_tries: 0 })
      .where('username', '=', username)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async byEnrolmentHash(enrolmentHash: string): Promise<OperatorRow | null> {
    return (await this.store.q.selectFrom('operators').selectAll().where('enrolment_hash', '=', enrolmentHash).executeTakeFirst()) ?? null;
  }

  /** The authenticator secret shown to the enrolling operator, replacing any shown before. */
  async setEnrolmentSecret(id: number, secret: Sealed): Promise<void> {
    await this.store.q.updateTable('operators').set({ totp_secret: secret, totp_last_step: 0 }).where('id', '=', id).execute();
  }

  async countEnrolmentTry(id: number): Promise<void> {
    await this.store.q
      .updateTable('operators')
      .set((eb) => ({ enrolment_tries: eb('enrolment_tries', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * The enrolment done: the code is spent (only if it is still the one checked, so two
   * enrolments with one code cannot both succeed) and the confirming code's step is used.
   */
  async finishEnrolment(id: number, enrolmentHash: string, passwordHash: string, step: number): Promise<boolean> {
    const result = await this.store.q
      .updateTable('operators')
      .set({ password_hash: passwordHash, totp_last_step: step, enrolment_hash: null, enrolment_expires_at: null, enrolment_tries: 0 })
      .where('id', '=', id)
      .where('enrolment_hash', '=', enrolmentHash)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.store.q.updateTable('operators').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  async addToken(tokenHash: string, operatorId: number, createdAt: number, expiresAt: number): Promise<void> {
    await this.store.q
      .insertInto('operator_tokens')
      .values({ token_hash: tokenHash, operator_id: operatorId, created_at: createdAt, expires_at: expiresAt })
      .execute();
  }

  /**
   * The operator of a live token, if the account is not disabled: a disabled operator is out at
   * once. Inside a write, the rows stay held until it commits (Store.held), so that a disabling,
   * a change of roles or a revoked session cannot commit between this read and the write.
   */
  async byToken(tokenHash: string, nowMs: number): Promise<OperatorRow | null> {
    const row = await this.store
      .held(
        this.store.q
          .selectFrom('operator_tokens')
          .innerJoin('operators', 'operators.id', 'operator_tokens.operator_id')
          .selectAll('operators')
          .where('operator_tokens.token_hash', '=', tokenHash)
          .where('operator_tokens.expires_at', '>', nowMs)
          .where('operators.disabled', '=', 0),
      )
      .executeTakeFirst();
    return row ?? null;
  }

  async revokeToken(tokenHash: string): Promise<void> {
    await this.store.q.deleteFrom('operator_tokens').where('token_hash', '=', tokenHash).execute();
  }

  async revokeAllOf(operatorId: number): Promise<void> {
    await this.store.q.deleteFrom('operator_tokens').where('operator_id', '=', operatorId).execute();
  }

  /** Every session of the operator but the one that asked. */
  async revokeOthersOf(operatorId: number, keptTokenHash: string): Promise<void> {
    await this.store.q
      .deleteFrom('operator_tokens')
      .where('operator_id', '=', operatorId)
      .where('token_hash', '<>', keptTokenHash)
      .execute();
  }
}
