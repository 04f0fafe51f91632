import { useRef } from 'react';
import type { NewsItem } from '@instalment/shared/api';
import { type PageProps, useHost, usePullDownRefresh, useT } from '@instalment/shared/host';
import { commonMessages } from '@instalment/shared/i18n';
import { EmptyState, ErrorState, LoadMore, usePagedList } from '@instalment/shared/ui';
import { NewsItemLink, NewsSkeleton } from '../components/NewsItemLink';
import styles from '../components/news.module.css';
import { messages } from '../messages';

const PAGE_SIZE = 10;

/** Platform news (/pages/news/list): newest first, endless scroll, pull down for page 1 again. */
export default function NewsList(_props: PageProps) {
  const host = useHost();
  const t = useT(messages);
  const common = useT(commonMessages);
  const shown = useRef(0);
  const list = usePagedList<NewsItem>(
    // The list draws its own skeleton and "load more" state, so the overlay stays off. While
    // nothing is on screen the error state says what failed; once items are shown, a toast does.
    (page, limit) => host.api.news.newsIndex({ page, limit }, { loading: false, toast: shown.current > 0 }),
    PAGE_SIZE,
  );
  shown.current = list.items.length;
  usePullDownRefresh(() => list.reload());

  if (list.initialLoading) return <NewsSkeleton count={4} label={common('loading')} />;
  if (list.items.length === 0) {
    return list.error ? <ErrorState message={t('listFailed')} onRetry={() => void list.reload()} /> : <EmptyState message={t('empty')} />;
  }
  return (
    <>
      <ul className={styles.list}>
        {list.items.map((item) => (
          <li key={item.id}>
            <NewsItemLink item={item} />
          </li>
        ))}
      </ul>
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} error={list.error} onMore={() => void list.loadMore()} />
    </>
  );
}
