import type { ComponentType, ReactNode } from 'react';
import { commonMessages } from '@instalment/contract/i18n';
import { useT } from '@instalment/host-sdk/host';
import { Button } from '@instalment/ui/kit';
import { ErrorBoundary } from './ErrorBoundary';
import { useTimedLoad } from './useTimedLoad';
import styles from './loader.module.css';

export interface RemoteViewProps<P> {
  /** `remote/module`: names the load (a new id loads anew) and the remote a render error is told against. */
  id: string;
  load: () => Promise<{ default: ComponentType<P> }>;
  /** The module when it has already loaded and run (`loadedExposed`): drawn at once, with no wait. */
  loaded?: () => { default: ComponentType<P> } | undefined;
  props: P;
  /** A widget takes less room than a page while loading or failed. */
  compact?: boolean;
  /** What stands in the page's place before the loading view is due: the host's skeleton of it. */
  placeholder?: ReactNode;
}

function LoadFailed({ onRetry, compact }: { onRetry: () => void; compact?: boolean }) {
  const t = useT(commonMessages);
  return (
    <div className={compact ? styles.compactState : styles.state} role="alert">
      <p className={styles.message}>{t('loadFailed')}</p>
      {!compact && <p className={styles.hint}>{t('loadFailedHint')}</p>}
      <Button variant="primary" size={compact ? 'small' : 'normal'} onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

function Loading({ compact, placeholder }: { compact?: boolean; placeholder: ReactNode }) {
  const t = useT(commonMessages);
  // The skeleton stays where it is (a spinner in its place would move the page twice); the load is announced.
  if (placeholder)
    return (
      <div role="status" aria-live="polite">
        <span className={styles.announced}>{t('loading')}</span>
        {placeholder}
      </div>
    );
  return (
    <div className={compact ? styles.compactState : styles.state} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}

/** A remote page or widget under the loading rule, with a retry that really reloads the remote. */
export function RemoteView<P extends object>({ id, load, loaded, props, compact, placeholder = null }: RemoteViewProps<P>) {
  const { phase, value, retry } = useTimedLoad(load, id, loaded);
  if (phase === 'waiting') return placeholder;
  if (phase === 'loading') return <Loading compact={compact} placeholder={placeholder} />;
  if (phase === 'error' || !value) return <LoadFailed onRetry={retry} compact={compact} />;
  const Page = value.default;
  return (
    <ErrorBoundary
      remote={id.split('/')[0]}
      fallback={(_error, reset) => (
        <LoadFailed
          compact={compact}
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <Page {...props} />
    </ErrorBoundary>
  );
}
