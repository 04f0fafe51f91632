import { commonMessages } from '@instalment/contract/i18n';
import { useT } from '@instalment/host-sdk/host';
import styles from './frame.module.css';

/** The default navigation bar: the page title as the page's h1, and back on non-tab pages. */
export function Header({ title, onBack }: { title: string; onBack?: () => void }) {
  const t = useT(commonMessages);
  return (
    <header className={styles.header}>
      {onBack && (
        <button type="button" className={styles.back} onClick={onBack} aria-label={t('back')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      <h1 className={styles.title}>{title}</h1>
    </header>
  );
}
