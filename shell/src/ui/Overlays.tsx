import { observer } from 'mobx-react-lite';
import { commonMessages } from '@instalment/shared/i18n';
import { useT } from '@instalment/shared/host';
import { Button } from '@instalment/shared/ui';
import type { UiStore } from './UiStore';
import styles from './overlays.module.css';

/** Toast, loading overlay and confirmation dialog, drawn once above every page. */
export const Overlays = observer(function Overlays({ ui }: { ui: UiStore }) {
  const t = useT(commonMessages);
  const request = ui.confirmRequest;
  return (
    <>
      <div className={styles.toastRegion} role="status" aria-live="assertive">
        {ui.toastItem && (
          <div key={ui.toastItem.id} className={`${styles.toast} ${styles[ui.toastItem.kind]}`}>
            {ui.toastItem.message}
          </div>
        )}
      </div>
      {ui.loadingCount > 0 && (
        <div className={styles.loading} role="progressbar" aria-label={ui.loadingText} aria-busy="true">
          <div className={styles.loadingBox}>
            <span className={styles.spinner} aria-hidden="true" />
            <span>{ui.loadingText}</span>
          </div>
        </div>
      )}
      {request && (
        <div className={styles.backdrop}>
          <div className={styles.dialog} role="alertdialog" aria-modal="true" aria-labelledby="confirm-message">
            <p id="confirm-message">{request.message}</p>
            <div className={styles.actions}>
              <Button onClick={() => ui.answer(false)}>{request.cancelText ?? t('cancel')}</Button>
              <Button variant="primary" onClick={() => ui.answer(true)} autoFocus>
                {request.confirmText ?? t('confirm')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </>
  );
});
