import { useSyncExternalStore } from 'react';
import { commonMessages } from '@instalment/shared/i18n';
import { useT } from '@instalment/shared/host';
import styles from './offline.module.css';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Says so while the device is offline: the frame and what was read come from the device. */
export function OfflineNotice() {
  const t = useT(commonMessages);
  // index.html's first paint is drawn online: a device offline shows the notice once React runs.
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <p className={styles.notice} role="status">
      {t('offline')}
    </p>
  );
}
