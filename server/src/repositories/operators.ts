import type { Selectable } from 'kysely';
import type { Store } from '../db/store';
import type { Tables } from '../db/tables';

export type OperatorRow = Selectable<Tables['operators']>;

/** Operator accounts and their sessions (tokens kept as their SHA-256 only). */
export class OperatorRecords {
  constructor(private readonly store: Store) {}

  async insert(operator: Omit<Tables['operators'], 'id' | 'totp_last_step' | 'disabled'>): Promise<number> {
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

  /** A new secret starts its time steps afresh: no code of the old one counts. */
  async setTotpSecret(username: string, secret: string): Promise<number | null> {
    const row = await this.store.q
      .updateTable('operators')
      .set({ totp_secret: secret, totp_last_step: 0 })
      .where('username', '=', username)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async addToken(tokenHash: string, operatorId: number, createdAt: number, expiresAt: number): Promise<void> {
    await this.store.q
      .insertInto('operator_tokens')
      .values({ token_hash: tokenHash, operator_id: operatorId, created_at: createdAt, expires_at: expiresAt })
      .execute();
  }

  /** The operator of a live token, if the account is not disabled: a disabled operator is out at once. */
  async byToken(tokenHash: string, nowMs: number): Promise<OperatorRow | null> {
    const row = await this.store.q
      .selectFrom('operator_tokens')
      .innerJoin('operators', 'operators.id', 'operator_tokens.operator_id')
      .selectAll('operators')
      .where('operator_tokens.token_hash', '=', tokenHash)
      .where('operator_tokens.expires_at', '>', nowMs)
      .where('operators.disabled', '=', 0)
      .executeTakeFirst();
    return row ?? null;
  }

  async revokeToken(tokenHash: string): Promise<void> {
    await this.store.q.deleteFrom('operator_tokens').where('token_hash', '=', tokenHash).execute();
  }

  async revokeAllOf(operatorId: number): Promise<void> {
    await this.store.q.deleteFrom('operator_tokens').where('operator_id', '=', operatorId).execute();
  }
}
