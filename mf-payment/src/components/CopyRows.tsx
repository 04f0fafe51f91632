import { useHost, useT } from '@instalment/host-sdk/host';
import { Button } from '@instalment/ui/kit';
import { messages } from '../messages';
import styles from './CopyRows.module.css';

/** Label/value rows, each value with a copy button: account details typed into a banking app. */
export function CopyRows({ rows }: { rows: Array<[string, string]> }) {
  const host = useHost();
  const t = useT(messages);

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      host.ui.toast(t('copied'), 'success');
    } catch {
      host.ui.toast(t('copyFailed'), 'error');
    }
  };

  return (
    <dl className={styles.rows}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div className={styles.row} key={label}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>
              <span className={styles.text}>{value}</span>
              <Button size="small" aria-label={t('copyField', { field: label })} onClick={() => void copy(value)}>
                {t('copy')}
              </Button>
            </dd>
          </div>
        ))}
    </dl>
  );
}
