import type { Store } from '../db/store';
import type { NewsRow } from '../db/tables';

export type { NewsRow };
export type NewsHeadline = Omit<NewsRow, 'author' | 'content'>;

/** Platform news: what is published by a given instant, newest first. */
export class NewsRecords {
  constructor(private readonly store: Store) {}

  async countPublished(nowMs: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('published_at', '<=', nowMs)
      .executeTakeFirstOrThrow();
    return row.total;
  }

  /** The list leaves the articles' bodies in the database: they are most of each row. */
  headlines(nowMs: number, limit: number, offset: number): Promise<NewsHeadline[]> {
    return this.store.q
      .selectFrom('news')
      .select(['id', 'title', 'summary', 'cover', 'published_at'])
      .where('published_at', '<=', nowMs)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async published(id: number, nowMs: number): Promise<NewsRow | null> {
    const row = await this.store.q
      .selectFrom('news')
      .selectAll()
      .where('id', '=', id)
      .where('published_at', '<=', nowMs)
      .executeTakeFirst();
    return row ?? null;
  }
}
