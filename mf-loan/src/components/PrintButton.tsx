import { useT } from '@instalment/shared/host';
import { Button } from '@instalment/shared/ui';
import { messages } from '../messages';
import styles from './PrintButton.module.css';

export function PrintButton() {
  const t = useT(messages);
  return (
    <div className={styles.bar}>
      <Button variant="primary" block onClick={() => window.print()}>
        {t('print')}
      </Button>
    </div>
  );
}
