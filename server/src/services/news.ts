import type { NewsDetail, NewsItem, NewsPage } from '@instalment/shared/api';
import { iso, type Context } from '../context';
import { Refusal } from '../http/errors';
import type { PageRequest } from '../http/input';
import { say } from '../http/say';

interface NewsRow {
  id: number;
  title: string;
  summary: string;
  cover: string;
  author: string;
  content: string;
  published_at: number;
}

export const MAX_LATEST = 20;

/**
 * Platform news. Images are stored as paths on this server; every answer makes them absolute
 * with `base`, because the app that shows them runs on another origin.
 */
export class NewsService {
  constructor(private readonly ctx: Context) {}

  private item(row: Omit<NewsRow, 'author' | 'content'>, base: string): NewsItem {
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      cover: row.cover ? `${base}${row.cover}` : '',
      published_at: iso(row.published_at),
    };
  }

  /** Only what is published by now: a dated-ahead article stays hidden until its time. */
  page(page: PageRequest, base: string): NewsPage {
    const now = this.ctx.now();
    const { total } = this.ctx.db.prepare('SELECT COUNT(*) AS total FROM news WHERE published_at <= ?').get(now) as { total: number };
    // The list leaves the articles' bodies in the database: they are most of each row.
    const rows = this.ctx.db
      .prepare(
        'SELECT id, title, summary, cover, published_at FROM news WHERE published_at <= ? ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?',
      )
      .all(now, page.limit, (page.page - 1) * page.limit) as Array<Omit<NewsRow, 'author' | 'content'>>;
    return { list: rows.map((row) => this.item(row, base)), total, page: page.page, limit: page.limit };
  }

  latest(limit: number, base: string): NewsItem[] {
    return this.page({ page: 1, limit }, base).list;
  }

  detail(id: number, base: string): NewsDetail {
    const row = this.ctx.db.prepare('SELECT * FROM news WHERE id = ? AND published_at <= ?').get(id, this.ctx.now()) as NewsRow | undefined;
    if (!row) throw new Refusal(say('newsNotFound'));
    return {
      ...this.item(row, base),
      author: row.author,
      content: row.content.replace(/(\s(?:src|href)=")\/static\//g, `$1${base}/static/`),
    };
  }
}
