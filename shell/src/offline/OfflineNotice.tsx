import { useSyncExternalStore } from 'react';
import { commonMessages } from '@instalment/contract/i18n';
import { useT } from '@instalment/host-sdk/host';
import { isReachabilityMessage } from './reachability';
import styles from './offline.module.css';

/** What the service worker said last; until it says anything, the servers are taken to answer. */
let serversAnswer = true;

const subscribe = (onChange: () => void) => {
  const heard = (event: MessageEvent) => {
    if (!isReachabilityMessage(event.data)) return;
    serversAnswer = event.data.reachable;
    onChange();
  };
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  worker?.addEventListener('message', heard);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    worker?.removeEventListener('message', heard);
  };
};

/**
 * Says so while the device is offline, or while the servers do not answer and the shell's worker
 * answers from the device instead: the frame and what was read come from the device.
 */
export function OfflineNotice() {
  const t = useT(commonMessages);
  // index.html's first paint is drawn online: a device offline shows the notice once React runs.
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine && serversAnswer,
    () => true,
  );
  if (online) return null;
  return (
    <p className={styles.notice} role="status">
      {t('offline')}
    </p>
  );
}
