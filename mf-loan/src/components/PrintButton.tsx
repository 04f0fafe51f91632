import { useT } from '@instalment/host-sdk/host';
import { Button } from '@instalment/ui/kit';
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
