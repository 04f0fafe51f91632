import type { Store } from '../db/store';
import type { Tables } from '../db/tables';

export type NewConsent = Omit<Tables['consents'], 'id'>;

/** What each account agreed to; rows are added, never changed. */
export class ConsentRecords {
  constructor(private readonly store: Store) {}

  async add(consents: readonly NewConsent[]): Promise<void> {
    await this.store.q
      .insertInto('consents')
      .values([...consents])
      .execute();
  }

  of(userId: number): Promise<Array<Omit<Tables['consents'], 'id' | 'user_id'>>> {
    return this.store.q
      .selectFrom('consents')
      .select(['document', 'version', 'agreed_at', 'address'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }
}
