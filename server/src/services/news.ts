import type {
  ArticleState,
  ArticleText,
  Listing,
  NewsDetail,
  NewsDraft,
  NewsItem,
  NewsPage,
  ConsoleArticle,
} from '@instalment/contract/api';
import { LOCALES, type Locale } from '@instalment/contract/i18n';
import { iso, type Context } from '../runtime/context';
import type { Store } from '../db/store';
import type { Change } from './change';
import type { PageRequest } from './page';
import { NewsRecords, type NewsHeadline, type NewsRow } from '../repositories/news';
import { AnswerCache } from './answer-cache';
import { checkedCover, coverUrl } from './news-cover';
import { Refusal, sentenceOf } from './refusals';

export const articleTarget = (id: number) => `news:${id}`;

/** The columns of an article's text in each language. */
const COLUMNS = {
  'zh-CN': { title: 'title_zh', summary: 'summary_zh', content: 'content_zh' },
  en: { title: 'title_en', summary: 'summary_en', content: 'content_en' },
} as const satisfies Record<Locale, Record<keyof ArticleText, keyof NewsRow>>;

/** The languages an article is written in: those with a title (a language is written whole or not at all). */
const languagesOf = (row: NewsHeadline): Locale[] => LOCALES.filter((language) => row[COLUMNS[language].title] !== '');

/** The headline as the reader is shown it: in their language when the article is written in it, else in the other. */
function headlineFor(row: NewsHeadline, reader: Locale): { title: string; summary: string; language: Locale } {
  const written = languagesOf(row);
  const language = written.includes(reader) ? reader : (written[0] ?? reader);
  return { title: row[COLUMNS[language].title], summary: row[COLUMNS[language].summary], language };
}

/** A draft's text in each language it gives, trimmed; refused unless one at least is given and each given one is whole. */
function textsOf(draft: NewsDraft): Partial<Record<Locale, ArticleText>> {
  const texts: Partial<Record<Locale, ArticleText>> = {};
  for (const language of LOCALES) {
    const given = draft[language];
    const text = { title: given?.title.trim() ?? '', summary: given?.summary.trim() ?? '', content: given?.content.trim() ?? '' };
    const filled = Object.values(text).filter(Boolean).length;
    if (filled === 0) continue;
    if (filled < 3) throw new Refusal(sentenceOf('articleIncomplete'));
    texts[language] = text;
  }
  if (Object.keys(texts).length === 0) throw new Refusal(sentenceOf('articleIncomplete'));
  return texts;
}

/**
 * Platform news, in Chinese, English or both: each answer is in the reader's language, or the
 * other where an article is not written in it. Images are stored as paths on this server; every
 * answer makes them absolute with `base`, because the app that shows them runs on another origin.
 */
export class NewsService {
  private readonly records: NewsRecords;
  /** Pages by number, size, language and base URL, with the span of time they hold for. */
  private readonly pages = new AnswerCache<{ answer: NewsPage; from: number; until: number }>(100);

  constructor(private readonly ctx: Context) {
    this.records = new NewsRecords(ctx.store);
  }

  private item(row: NewsHeadline, base: string, reader: Locale): NewsItem {
    return { id: row.id, ...headlineFor(row, reader), cover: coverUrl(row.cover, base), published_at: iso(row.published_at) };
  }

  /** Every article for the editor, drafts and taken-down ones too, newest first. */
  async consoleList(limit: number, offset: number, reader: Locale): Promise<Listing<ConsoleArticle>> {
    const { rows, total } = await this.records.all(limit, offset);
    return {
      list: rows.map((row) => ({
        id: row.id,
        ...headlineFor(row, reader),
        languages: languagesOf(row),
        author: row.author,
        status: row.status,
        published_at: iso(row.published_at),
      })),
      total,
    };
  }

  /** An editor's draft, in the write of their command; no language is left half written. */
  async draft(tx: Store, draft: NewsDraft): Promise<Change<ArticleState>> {
    const texts = textsOf(draft);
    const author = draft.author.trim();
    if (!author) throw new Refusal(sentenceOf('articleIncomplete'));
    const cover = checkedCover(draft.cover?.trim() ?? '', this.ctx.config.newsImageHosts);
    const columns = Object.fromEntries(
      LOCALES.flatMap((language) =>
        (['title', 'summary', 'content'] as const).map((field) => [COLUMNS[language][field], texts[language]?.[field] ?? '']),
      ),
    ) as Pick<NewsRow, (typeof COLUMNS)[Locale][keyof ArticleText]>;
    const id = await new NewsRecords(tx).draft({ ...columns, author, cover, published_at: this.ctx.now() });
    return {
      target: articleTarget(id),
      before: undefined,
      after: { ...texts, author, cover, status: 'draft' },
      answer: { id, status: 'draft' },
    };
  }

  /** Published or taken down, in the write of the editor's command. */
  async setStatus(tx: Store, id: number, status: 'published' | 'unpublished'): Promise<Change<ArticleState>> {
    const records = new NewsRecords(tx);
    const article = await records.byId(id);
    if (!article) throw new Refusal(sentenceOf('articleNotFound'));
    // Published now: the app lists articles newest first by this date.
    await records.setStatus(id, status, status === 'published' ? this.ctx.now() : undefined);
    return { target: articleTarget(id), before: { status: article.status }, after: { status }, answer: { id, status } };
  }

  /**
   * Only what is published by now: a dated-ahead article stays hidden until its time. A page is
   * read again only when the news changed (its version, read first) or the next dated-ahead
   * article came out since this process last read it.
   */
  async page(page: PageRequest, base: string, reader: Locale): Promise<NewsPage> {
    const now = this.ctx.now();
    const key = `${page.page}:${page.limit}:${reader}:${base}`;
    const stamp = String(await this.records.version());
    const kept = this.pages.get(key, stamp);
    if (kept && kept.from <= now && now < kept.until) return kept.answer;
    const [total, rows, next] = await Promise.all([
      this.records.countPublished(now),
      this.records.headlines(now, page.limit, (page.page - 1) * page.limit),
      this.records.nextPublishedAfter(now),
    ]);
    const answer = { list: rows.map((row) => this.item(row, base, reader)), total, page: page.page, limit: page.limit };
    this.pages.keep(key, stamp, { answer, from: now, until: next ?? Infinity });
    return answer;
  }

  async latest(limit: number, base: string, reader: Locale): Promise<NewsItem[]> {
    return (await this.page({ page: 1, limit }, base, reader)).list;
  }

  async detail(id: number, base: string, reader: Locale): Promise<NewsDetail> {
    const row = await this.records.published(id, this.ctx.now());
    if (!row) throw new Refusal(sentenceOf('newsNotFound'));
    const item = this.item(row, base, reader);
    return {
      ...item,
      author: row.author,
      content: row[COLUMNS[item.language].content].replace(/(\s(?:src|href)=")\/static\//g, `$1${base}/static/`),
    };
  }

  /** Whether an article borrowers read now shows the image at this path: then anyone may load it. */
  coverShown(cover: string): Promise<boolean> {
    return this.records.coverShown(cover, this.ctx.now());
  }
}
