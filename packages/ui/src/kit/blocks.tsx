import type { ReactNode } from 'react';
import { listMessages } from '@instalment/contract/i18n';
import { useT } from '@instalment/host-sdk/host';
import { Button } from './Button';
import styles from './blocks.module.css';

export function Card({ children, className, title }: { children: ReactNode; className?: string; title?: string }) {
  return (
    <section className={`${styles.card} ${className ?? ''}`} aria-label={title}>
      {children}
    </section>
  );
}

/** Nothing to show: a sentence and, where there is a next step, its button. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className={styles.state} role="status">
      <p>{message}</p>
      {action}
    </div>
  );
}

/** A failed load: what went wrong and a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT(listMessages);
  return (
    <div className={styles.state} role="alert">
      <p>{message}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}

export function Tag({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`${styles.tag} ${styles[`tag_${tone}`] ?? ''}`}>{children}</span>;
}

/** Label/value rows (a <dl>), the usual way a lending app shows a record. */
export function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={styles.rows}>
      {rows.map(([label, value]) => (
        <div className={styles.row} key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
