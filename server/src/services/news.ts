import type { ArticleState, Listing, NewsDetail, NewsDraft, NewsItem, NewsPage, StaffArticle } from '@instalment/contract/api';
import { iso, type Context } from '../context';
import type { Store } from '../db/store';
import type { Change } from './change';
import type { PageRequest } from './page';
import { NewsRecords, type NewsHeadline } from '../repositories/news';
import { KeptAnswers } from './kept-answers';
import { checkedCover, coverUrl } from './news-cover';
import { Refusal, say } from './refusals';

export const articleTarget = (id: number) => `news:${id}`;

/**
 * Platform news. Images are stored as paths on this server; every answer makes them absolute
 * with `base`, because the app that shows them runs on another origin.
 */
export class NewsService {
  private readonly records: NewsRecords;
  /** Pages by number, size and base URL, with the span of time they hold for. */
  private readonly pages = new KeptAnswers<{ answer: NewsPage; from: number; until: number }>(100);

  constructor(private readonly ctx: Context) {
    this.records = new NewsRecords(ctx.store);
  }

  private item(row: NewsHeadline, base: string): NewsItem {
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      cover: coverUrl(row.cover, base),
      published_at: iso(row.published_at),
    };
  }

  /** Every article for the editor, drafts and taken-down ones too. */
  async staffList(limit: number, offset: number): Promise<Listing<StaffArticle>> {
    const { rows, total } = await this.records.all(limit, offset);
    return {
      list: rows.map((row) => ({
        id: row.id,
        title: row.title,
        summary: row.summary,
        author: row.author,
        status: row.status,
        published_at: iso(row.published_at),
      })),
      total,
    };
  }

  /** An editor's draft, in the write of their command; nothing is left blank. */
  async draft(tx: Store, draft: NewsDraft): Promise<Change<ArticleState>> {
    const article = {
      title: draft.title.trim(),
      summary: draft.summary.trim(),
      content: draft.content.trim(),
      author: draft.author.trim(),
      cover: checkedCover(draft.cover?.trim() ?? '', this.ctx.config.newsImageHosts),
    };
    if (!article.title || !article.summary || !article.content || !article.author) throw new Refusal(say('articleIncomplete'));
    const id = await new NewsRecords(tx).draft({ ...article, published_at: this.ctx.now() });
    return { target: articleTarget(id), before: undefined, after: { ...article, status: 'draft' }, answer: { id, status: 'draft' } };
  }

  /** Published or taken down, in the write of the editor's command. */
  async setStatus(tx: Store, id: number, status: 'published' | 'unpublished'): Promise<Change<ArticleState>> {
    const records = new NewsRecords(tx);
    const article = await records.byId(id);
    if (!article) throw new Refusal(say('articleNotFound'));
    // Published now: the app lists articles newest first by this date.
    await records.setStatus(id, status, status === 'published' ? this.ctx.now() : undefined);
    return { target: articleTarget(id), before: { status: article.status }, after: { status }, answer: { id, status } };
  }

  /**
   * Only what is published by now: a dated-ahead article stays hidden until its time. A page is
   * read again only when the news changed (its version, read first) or the next dated-ahead
   * article came out since this process last read it.
   */
  async page(page: PageRequest, base: string): Promise<NewsPage> {
    const now = this.ctx.now();
    const key = `${page.page}:${page.limit}:${base}`;
    const stamp = String(await this.records.version());
    const kept = this.pages.get(key, stamp);
    if (kept && kept.from <= now && now < kept.until) return kept.answer;
    const [total, rows, next] = await Promise.all([
      this.records.countPublished(now),
      this.records.headlines(now, page.limit, (page.page - 1) * page.limit),
      this.records.nextPublishedAfter(now),
    ]);
    const answer = { list: rows.map((row) => this.item(row, base)), total, page: page.page, limit: page.limit };
    this.pages.keep(key, stamp, { answer, from: now, until: next ?? Infinity });
    return answer;
  }

  async latest(limit: number, base: string): Promise<NewsItem[]> {
    return (await this.page({ page: 1, limit }, base)).list;
  }

  async detail(id: number, base: string): Promise<NewsDetail> {
    const row = await this.records.published(id, this.ctx.now());
    if (!row) throw new Refusal(say('newsNotFound'));
    return {
      ...this.item(row, base),
      author: row.author,
      content: row.content.replace(/(\s(?:src|href)=")\/static\//g, `$1${base}/static/`),
    };
  }
}
