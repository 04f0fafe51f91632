import type { ReactNode } from 'react';
import { useHost, useT } from '@instalment/host-sdk/host';
import { commonMessages } from '@instalment/contract/i18n';
import { PageLink } from '@instalment/ui/kit';
import styles from './AuthScreen.module.css';

/** Login and register draw their own navigation bar (SPEC §2 custom nav): back, and the page's h1. */
export function AuthScreen({ title, children }: { title: string; children: ReactNode }) {
  const host = useHost();
  const common = useT(commonMessages);
  return (
    <div className={styles.screen}>
      <header className={styles.nav}>
        <button type="button" className={styles.back} aria-label={common('back')} onClick={() => host.back()}>
          <span aria-hidden="true">‹</span>
        </button>
        <h1 className={styles.title}>{title}</h1>
      </header>
      <div className={styles.body}>
        <p className={styles.brand}>{common('appName')}</p>
        {children}
      </div>
    </div>
  );
}

/** "No account yet? Register": a link to the other of the two pages. */
export function SwitchLink({ prompt, label, path }: { prompt: string; label: string; path: string }) {
  return (
    <p className={styles.switch}>
      {prompt} <PageLink path={path}>{label}</PageLink>
    </p>
  );
}

/** Why the last submit failed, kept beside the form the user is still filling in. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}
