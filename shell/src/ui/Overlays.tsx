import { observer } from 'mobx-react-lite';
import { ConfirmDialog } from './ConfirmDialog';
import type { UiStore } from './UiStore';
import styles from './overlays.module.css';

/** Toast, loading overlay and confirmation dialog, drawn once above every page. */
export const Overlays = observer(function Overlays({ ui }: { ui: UiStore }) {
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
      {request && <ConfirmDialog key={request.message} request={request} answer={(yes) => ui.answer(yes)} />}
    </>
  );
});
