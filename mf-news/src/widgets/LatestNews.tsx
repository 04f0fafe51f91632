import { useId } from 'react';
import { DEFAULT_LATEST_NEWS, newsLatest } from '@instalment/contract/api';
import { useLocale, useT, useTabTap } from '@instalment/host-sdk/host';
import { listMessages } from '@instalment/contract/i18n';
import { EmptyState, ErrorState, PageLink, useLoad } from '@instalment/ui/kit';
import { PATHS } from '@instalment/contract/paths';
import { NewsItemLink, NewsSkeleton } from '../components/NewsItemLink';
import listStyles from '../components/news.module.css';
import { messages } from '../messages';
import styles from './LatestNews.module.css';
import { useApi } from '@instalment/ui/facade';

/** Home's latest-news section: the newest articles and a way to all of them. */
export default function LatestNews() {
  const api = useApi({ news: { newsLatest } });
  const t = useT(messages);
  const common = useT(listMessages);
  const headingId = useId();
  // Asked again in the reader's language when it changes: the server answers in it.
  const locale = useLocale();
  // One section of home among others: no overlay over the whole screen, and its own error
  // state with a retry rather than a toast.
  const latest = useLoad(() => api.news.newsLatest({ limit: DEFAULT_LATEST_NEWS }, { loading: false, toast: false }), [api, locale]);
  // Tapping the home tab while on home reloads it, as the other tabs do.
  useTabTap(() => void latest.reload());

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t('latestNews')}
        </h2>
        <PageLink path={PATHS.newsList} className={styles.more} aria-label={t('moreNews')}>
          {t('more')}
        </PageLink>
      </header>
      {latest.data ? (
        latest.data.length > 0 ? (
          <ul className={listStyles.list}>
            {latest.data.map((item) => (
              <li key={item.id}>
                <NewsItemLink item={item} compact headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState message={t('empty')} />
        )
      ) : latest.loading ? (
        <NewsSkeleton count={3} compact label={common('loading')} />
      ) : (
        <ErrorState message={t('latestFailed')} onRetry={() => void latest.reload()} />
      )}
    </section>
  );
}
