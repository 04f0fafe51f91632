import type Database from 'better-sqlite3';
import { SEED_BANK_INFO, SEED_CHANNELS, SEED_RATES } from './catalogue';
import { SEED_ARTICLES } from './news-articles';
import { illustrationPath } from '../static/images';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Fills a freshly created database: the product catalogue and the platform news. */
export function seed(db: Database.Database, nowMs: number): void {
  const setting = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
  const article = db.prepare('INSERT INTO news (title, summary, cover, author, content, published_at) VALUES (?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    setting.run('loan_rates', JSON.stringify(SEED_RATES));
    setting.run('payment_channels', JSON.stringify(SEED_CHANNELS));
    setting.run('bank_info', JSON.stringify(SEED_BANK_INFO));
    // Oldest first, so ids grow with publication time as in a real feed; whole minutes keep the times tidy.
    const latest = Math.floor((nowMs - HOUR_MS) / MINUTE_MS) * MINUTE_MS;
    for (const item of [...SEED_ARTICLES].sort((a, b) => b.daysAgo - a.daysAgo)) {
      article.run(item.title, item.summary, illustrationPath(item.image), item.author, item.body, latest - item.daysAgo * DAY_MS);
    }
  })();
}
