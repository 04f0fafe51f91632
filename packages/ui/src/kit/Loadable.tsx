import type { ReactNode } from 'react';
import { useT } from '@instalment/host-sdk/host';
import { listMessages } from '@instalment/contract/i18n';
import { ErrorState } from './blocks';
import type { Loaded } from './useLoad';
import styles from './Loadable.module.css';

/** A page's own first load (the shell's overlay is off for it, so pull-down refresh stays quiet). */
export function LoadingState() {
  const t = useT(listMessages);
  return (
    <p className={styles.loading} role="status">
      {t('loading')}
    </p>
  );
}

export interface LoadableProps<T> {
  loaded: Loaded<T>;
  children: (data: NonNullable<T>) => ReactNode;
  /** Drawn instead of the generic error with retry (a refused order number, say); nothing falls back to it. */
  failure?: (error: Error, retry: () => void) => ReactNode;
  /** Loaded, and nothing there. */
  empty?: ReactNode;
  /** Drawn during the first load instead of the generic line: a placeholder in the shape of what comes, so nothing below it moves when it arrives. */
  loading?: ReactNode;
}

/**
 * The one switch between loading, failed (with retry) and content. Data already shown stays
 * while it reloads or a reload fails, so a refresh never blanks the page.
 */
export function Loadable<T>({ loaded, children, failure, empty = null, loading: placeholder }: LoadableProps<T>) {
  const t = useT(listMessages);
  const { data, error, loading } = loaded;
  if (data !== null && data !== undefined) return <>{children(data)}</>;
  const retry = () => void loaded.reload();
  if (error) return <>{failure?.(error, retry) ?? <ErrorState message={error.message || t('requestFailed')} onRetry={retry} />}</>;
  if (loading) return <>{placeholder ?? <LoadingState />}</>;
  return <>{empty}</>;
}
