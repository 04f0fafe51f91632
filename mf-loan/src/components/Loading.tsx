import { useT } from '@instalment/shared/host';
import { commonMessages } from '@instalment/shared/i18n';
import styles from './Loading.module.css';

/** A page's own first load (the shell's overlay is switched off so pull-down refresh stays quiet). */
export function Loading() {
  const t = useT(commonMessages);
  return (
    <p className={styles.loading} role="status">
      {t('loading')}
    </p>
  );
}
