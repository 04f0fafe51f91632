import { SEED_BANK_INFO, SEED_CHANNELS, SEED_RATES } from './catalogue';
import { SEED_ARTICLES } from './news-articles';
import { illustrationPath } from '../static/images';
import type { Store } from './store';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Fills a freshly created database: the product catalogue and the platform news. */
export async function seed(store: Store, nowMs: number): Promise<void> {
  // Oldest first, so ids grow with publication time as in a real feed; whole minutes keep the times tidy.
  const latest = Math.floor((nowMs - HOUR_MS) / MINUTE_MS) * MINUTE_MS;
  const articles = [...SEED_ARTICLES].sort((a, b) => b.daysAgo - a.daysAgo);
  await store.write(['seed'], async (tx) => {
    await tx.q
      .insertInto('settings')
      .values([
        { key: 'loan_rates', value: JSON.stringify(SEED_RATES) },
        { key: 'payment_channels', value: JSON.stringify(SEED_CHANNELS) },
        { key: 'bank_info', value: JSON.stringify(SEED_BANK_INFO) },
      ])
      .execute();
    for (const item of articles) {
      await tx.q
        .insertInto('news')
        .values({
          title_en: item.title,
          summary_en: item.summary,
          content_en: item.body,
          title_zh: item.zh.title,
          summary_zh: item.zh.summary,
          content_zh: item.zh.body,
          cover: illustrationPath(item.image),
          author: item.author,
          published_at: latest - item.daysAgo * DAY_MS,
        })
        .execute();
    }
  });
}
