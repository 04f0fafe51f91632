import { useEffect, useState } from 'react';
import { ADMIN_ENDPOINTS, adminPath } from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { opsMessages } from './messages';
import styles from './Receipt.module.css';

/**
 * A proof's receipt, fetched with the operator's token (an <img> cannot send it) and shown from
 * memory; nothing is cached (the server says no-store) and the object URL is released. Drawn as
 * a bounded thumbnail, so a huge image cannot take over the queue; a toggle shows it full size.
 */
export function Receipt({ id }: { id: number }) {
  const { apiBaseURL, session } = useHost();
  const t = useT(opsMessages);
  const [url, setUrl] = useState<string | null>(null);
  const [fullSize, setFullSize] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    void fetch(`${apiBaseURL}${adminPath(ADMIN_ENDPOINTS.voucherFile, { id })}`, { headers: { Authorization: `Bearer ${session.token}` } })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      });
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [apiBaseURL, session, id]);
  if (!url) return null;
  return (
    <figure className={styles.receipt}>
      <div className={fullSize ? styles.fullSize : styles.thumbnail}>
        <img src={url} alt={t('receipt', { id })} />
      </div>
      <button type="button" aria-pressed={fullSize} aria-label={t('receiptFullSize', { id })} onClick={() => setFullSize(!fullSize)}>
        {fullSize ? t('receiptFit') : t('receiptZoom')}
      </button>
    </figure>
  );
}
