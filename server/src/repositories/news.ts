import { prepared, type Store } from '../db/store';
import type { NewsRow } from '../db/tables';

const versionOf = prepared((q, name: string) => q.selectFrom('versions').select('version').where('name', '=', name), 'name');

export type { NewsRow };
export type NewsHeadline = Omit<NewsRow, 'author' | 'content_zh' | 'content_en' | 'status'>;

/** Platform news: what is published by a given instant, newest first; an editor's drafts and takedowns. */
export class NewsRecords {
  constructor(private readonly store: Store) {}

  async countPublished(nowMs: number): Promise<number> {
    const row = await this.store.q
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('published_at', '<=', nowMs)
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    return row.total;
  }

  /** Moves with every change to the news (by trigger, migration 013); read on every page of it. */
  async version(): Promise<number> {
    const [row] = await versionOf(this.store, 'news');
    return row.version;
  }

  /** When the next article dated ahead of `nowMs` comes out, if one is. */
  async nextPublishedAfter(nowMs: number): Promise<number | null> {
    const row = await this.store.q
      .selectFrom('news')
      .select((eb) => eb.fn.min<number>('published_at').as('next'))
      .where('published_at', '>', nowMs)
      .where('status', '=', 'published')
      .executeTakeFirst();
    return row?.next ?? null;
  }

  /** The list leaves the articles' bodies in the database: they are most of each row. */
  headlines(nowMs: number, limit: number, offset: number): Promise<NewsHeadline[]> {
    return this.store.q
      .selectFrom('news')
      .select(['id', 'title_zh', 'summary_zh', 'title_en', 'summary_en', 'cover', 'published_at'])
      .where('published_at', '<=', nowMs)
      .where('status', '=', 'published')
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
      .where('status', '=', 'published')
      .executeTakeFirst();
    return row ?? null;
  }

  /** Whether an article published by `nowMs` shows the image at `cover` (a path on this server). */
  async coverShown(cover: string, nowMs: number): Promise<boolean> {
    const row = await this.store.q
      .selectFrom('news')
      .select('id')
      .where('cover', '=', cover)
      .where('published_at', '<=', nowMs)
      .where('status', '=', 'published')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async draft(article: Omit<NewsRow, 'id' | 'status'>): Promise<number> {
    const row = await this.store.q
      .insertInto('news')
      .values({ ...article, status: 'draft' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Every article whatever its status, newest first, for the editor. */
  async all(limit: number, offset: number): Promise<{ rows: NewsRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.store.q.selectFrom('news').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      this.store.q
        .selectFrom('news')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async byId(id: number): Promise<NewsRow | null> {
    return (await this.store.q.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async setStatus(id: number, status: NewsRow['status'], publishedAt?: number): Promise<void> {
    await this.store.q
      .updateTable('news')
      .set({ status, ...(publishedAt === undefined ? {} : { published_at: publishedAt }) })
      .where('id', '=', id)
      .execute();
  }
}
