import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE, newsIndex, type NewsItem } from '@instalment/contract/api';
import { type PageProps, useLocale, usePullDownRefresh, useT } from '@instalment/host-sdk/host';
import { listMessages, type Locale } from '@instalment/contract/i18n';
import { EmptyState, ErrorState, LoadMore, type PagedSnapshot, usePagedList } from '@instalment/ui/kit';
import { NewsItemLink, NewsSkeleton } from '../components/NewsItemLink';
import styles from '../components/news.module.css';
import { messages } from '../messages';
import { listMemory } from './listMemory';
import { useApi } from '@instalment/ui/facade';

/**
 * Platform news (/pages/news/list): newest first, endless scroll, pull down for page 1 again. The
 * server answers in the reader's language: a new language is a new list, from page 1.
 */
export default function NewsList(_props: PageProps) {
  const locale = useLocale();
  return <News key={locale} />;
}

function News() {
  const api = useApi({ news: { newsIndex } });
  const locale = useLocale();
  const t = useT(messages);
  const common = useT(listMessages);
  const shown = useRef(0);
  const [restored] = useState(() => listMemory.read(locale));
  const list = usePagedList<NewsItem>(
    // The list draws its own skeleton and "load more" state, so the overlay stays off. While
    // nothing is on screen the error state says what failed; once items are shown, a toast does.
    (page, limit) => api.news.newsIndex({ page, limit }, { loading: false, toast: shown.current > 0 }),
    DEFAULT_PAGE_SIZE,
    restored,
  );
  shown.current = list.items.length;
  usePullDownRefresh(() => list.reload());
  useRememberedPlace(list.snapshot, restored?.scrollY ?? null, locale);

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

/** Keeps the loaded pages and the scroll position, and goes back to the position once on return. */
function useRememberedPlace(snapshot: PagedSnapshot<NewsItem>, restoreTo: number | null, locale: Locale) {
  const scrollY = useRef(restoreTo ?? 0);
  const latest = useRef(snapshot);
  latest.current = snapshot;

  useLayoutEffect(() => {
    if (restoreTo !== null) window.scrollTo(0, restoreTo);
  }, [restoreTo]);

  useEffect(() => {
    // Read while the list is on screen: by the time the page unmounts, the next one has replaced it.
    const onScroll = () => {
      scrollY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (latest.current.page > 0) listMemory.write({ ...latest.current, scrollY: scrollY.current, locale });
    };
  }, [locale]);
}
