import type { NewsItem } from '@instalment/contract/api';
import { NewsCover } from './NewsCover';
import { PublishedDate } from './PublishedDate';
import styles from './news.module.css';
import { PATHS } from '@instalment/contract/paths';
import { PageLink } from '@instalment/ui/kit';

/**
 * One news item as a link to its article; `compact` (home widget) leaves out the summary. Its text
 * is in the reader's language, or marked as the other's when the article is not written in theirs.
 */
export function NewsItemLink({ item, compact = false, headingLevel = 2 }: { item: NewsItem; compact?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <PageLink path={PATHS.newsDetail} query={{ id: String(item.id) }} className={`${styles.item} ${compact ? styles.compact : ''}`}>
      <NewsCover src={item.cover} size={compact ? 'small' : 'normal'} />
      <div className={styles.text} lang={item.language}>
        <Heading className={styles.title}>{item.title}</Heading>
        {!compact && item.summary && <p className={styles.summary}>{item.summary}</p>}
        <PublishedDate className={styles.date} iso={item.published_at} />
      </div>
    </PageLink>
  );
}

/** Grey blocks in the shape of the items while the first answer is on its way. */
export function NewsSkeleton({ count, compact = false, label }: { count: number; compact?: boolean; label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={`${styles.item} ${styles.skeleton} ${compact ? styles.compact : ''}`} aria-hidden="true">
          <div className={`${styles.cover} ${compact ? styles.coverSmall : ''}`} />
          <div className={styles.text}>
            <div className={styles.bar} />
            <div className={`${styles.bar} ${styles.barShort}`} />
          </div>
        </div>
      ))}
    </div>
  );
}
