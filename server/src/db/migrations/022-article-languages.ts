import type { Migration } from './migration';

/** A Chinese character (Han script): an article with one in its title or summary was written in Chinese. */
const HAN = /\p{Script=Han}/u;

/**
 * An article's title, summary and body in Chinese (`*_zh`) and English (`*_en`): the app shows the
 * reader's language, and the other when one is missing. Each earlier article keeps its text as
 * the language it is in (the seed's are English; an editor may have written Chinese ones). A
 * cover is looked up by its path when a borrower's app asks for the image.
 */
export const articleLanguages: Migration = {
  version: 22,
  name: 'article-languages',
  sql: `
      ALTER TABLE news RENAME COLUMN title TO title_en;
      ALTER TABLE news RENAME COLUMN summary TO summary_en;
      ALTER TABLE news RENAME COLUMN content TO content_en;
      ALTER TABLE news ADD COLUMN title_zh TEXT NOT NULL DEFAULT '';
      ALTER TABLE news ADD COLUMN summary_zh TEXT NOT NULL DEFAULT '';
      ALTER TABLE news ADD COLUMN content_zh TEXT NOT NULL DEFAULT '';
      CREATE INDEX news_cover ON news(cover);
  `,
  rewrite: () => [
    {
      select: 'SELECT id, title_en, summary_en, content_en FROM news',
      update: 'UPDATE news SET title_zh = ?, summary_zh = ?, content_zh = ?, title_en = ?, summary_en = ?, content_en = ? WHERE id = ?',
      change: (row) => {
        const text = [row.title_en, row.summary_en, row.content_en];
        const none = ['', '', ''];
        return [...(HAN.test(`${String(row.title_en)} ${String(row.summary_en)}`) ? [...text, ...none] : [...none, ...text]), row.id];
      },
    },
  ],
};
