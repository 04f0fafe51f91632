import type { Store } from '../db/store';

/** The product's settings, each a JSON document under its key. */
export class SettingRecords {
  constructor(private readonly store: Store) {}

  async read<T>(key: string): Promise<T> {
    return JSON.parse(await this.text(key)) as T;
  }

  /** The stored JSON as it is, for a caller that keeps what it made of it until it changes. */
  async text(key: string): Promise<string> {
    const row = await this.store.q.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    if (!row) throw new Error(`The setting ${key} is missing from the database.`);
    return row.value;
  }

  async write(key: string, value: unknown): Promise<void> {
    await this.store.q
      .updateTable('settings')
      .set({ value: JSON.stringify(value) })
      .where('key', '=', key)
      .execute();
  }
}
