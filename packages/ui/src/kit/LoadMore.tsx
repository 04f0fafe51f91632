import { useEffect, useRef } from 'react';
import { listMessages } from '@instalment/contract/i18n';
import { useT } from '@instalment/host-sdk/host';
import { Button } from './Button';
import styles from './LoadMore.module.css';

/**
 * The end of an infinite list: loads the next page when it scrolls into view, and offers a
 * button for the same (keyboards, screen readers, browsers without IntersectionObserver).
 */
export function LoadMore({
  hasMore,
  loading,
  onMore,
  error,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  error?: Error | null;
}) {
  const t = useT(listMessages);
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || error || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, error]);

  return (
    <div ref={sentinel} className={styles.footer}>
      {error ? (
        <Button size="small" onClick={onMore}>
          {t('retry')}
        </Button>
      ) : hasMore ? (
        <Button size="small" busy={loading} onClick={onMore}>
          {loading ? t('loading') : t('loadMore')}
        </Button>
      ) : (
        <span>{t('noMore')}</span>
      )}
    </div>
  );
}
