import type { Store } from '../db/store';

/** The product's settings, each a JSON document under its key. */
export class SettingRecords {
  constructor(private readonly store: Store) {}

  async read<T>(key: string): Promise<T> {
    const row = await this.store.q.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    if (!row) throw new Error(`The setting ${key} is missing from the database.`);
    return JSON.parse(row.value) as T;
  }

  async write(key: string, value: unknown): Promise<void> {
    await this.store.q
      .updateTable('settings')
      .set({ value: JSON.stringify(value) })
      .where('key', '=', key)
      .execute();
  }
}
