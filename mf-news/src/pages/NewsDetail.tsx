import { useMemo, useRef } from 'react';
import { ApiError } from '@instalment/host-sdk/http';
import { type PageProps, useHost, useLocale, usePullDownRefresh, useT } from '@instalment/host-sdk/host';
import { Button, EmptyState, ErrorState, Loadable, useLoad } from '@instalment/ui/kit';
import { PublishedDate } from '../components/PublishedDate';
import { messages } from '../messages';
import { sanitizeArticle } from '../sanitize';
import styles from './NewsDetail.module.css';
import { PATHS } from '@instalment/contract/paths';
import { newsDetail } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';

/** The server answers code 0 ('news not found') for an id it does not know. */
const isNotFound = (error: Error | null) => error instanceof ApiError && error.code === 0;
const ARTICLE_ID = /^[1-9]\d*$/;

/** One article (/pages/news/detail?id=): title, author, date and the sanitized body. */
export default function NewsDetail({ query }: PageProps) {
  const id = query.id?.trim() ?? '';
  return ARTICLE_ID.test(id) ? <Article key={id} id={id} /> : <NotFound />;
}

function Article({ id }: { id: string }) {
  const host = useHost();
  const api = useApi({ news: { newsDetail } });
  const t = useT(messages);
  // Asked again in the reader's language when it changes: the server answers in it.
  const locale = useLocale();
  // Pull-down refresh shows its own indicator; the overlay is for arriving on the page.
  const refreshing = useRef(false);
  // The page itself says what went wrong (not found, or failed with a retry): no toast on top.
  const article = useLoad(() => api.news.newsDetail({ id }, { toast: false, loading: !refreshing.current }), [host, id, locale]);
  usePullDownRefresh(async () => {
    refreshing.current = true;
    try {
      await article.reload();
    } finally {
      refreshing.current = false;
    }
  });
  const html = useMemo(() => (article.data ? sanitizeArticle(article.data.content) : ''), [article.data]);

  // Also after a refresh: an article taken down while open is gone, not merely stale.
  if (isNotFound(article.error) && !article.loading) return <NotFound />;
  return (
    <Loadable loaded={article} failure={(_error, retry) => <ErrorState message={t('detailFailed')} onRetry={retry} />}>
      {({ title, author, published_at, language }) => (
        <article className={styles.article}>
          {article.error && !article.loading && (
            <p className={styles.stale} role="alert">
              {t('refreshFailed')}
            </p>
          )}
          {/* In the reader's language, or marked as the other's when the article is not written in theirs. */}
          <h2 className={styles.title} lang={language}>
            {title}
          </h2>
          <p className={styles.meta}>
            {author && <span>{t('byAuthor', { author })}</span>}
            <PublishedDate iso={published_at} />
          </p>
          {/* Sanitized above: the server's HTML is never rendered as it came. */}
          <div className={styles.content} lang={language} dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      )}
    </Loadable>
  );
}

function NotFound() {
  const host = useHost();
  const t = useT(messages);
  return (
    <EmptyState
      message={t('notFound')}
      action={
        <Button variant="primary" onClick={() => host.navigate(PATHS.newsList, undefined, { replace: true })}>
          {t('backToList')}
        </Button>
      }
    />
  );
}
