import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '@instalment/host-sdk/host';
import { useConsoleApi } from './console-api';
import { consoleMessages } from './messages';
import styles from './ProofImage.module.css';

/**
 * The receipt at full size, over the screen rather than inside the table: the row keeps its
 * width and its actions stay where they were. Escape or the close button shuts it, and focus
 * goes back to the button that opened it.
 */
function FullSize({ id, url, onClose }: { id: number; url: string; onClose: () => void }) {
  const t = useT(consoleMessages);
  const title = useId();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className={styles.overlay}>
      <div role="dialog" aria-modal="true" aria-labelledby={title} className={styles.dialog}>
        <header className={styles.dialogHeader}>
          <h2 id={title}>{t('receiptFullSize', { id })}</h2>
          <button ref={close} type="button" onClick={onClose}>
            {t('receiptClose')}
          </button>
        </header>
        <div className={styles.fullSize}>
          <img src={url} alt={t('receipt', { id })} />
        </div>
      </div>
    </div>
  );
}

/**
 * A proof's receipt, fetched with the operator's token (an <img> cannot send it) and shown from
 * memory; nothing is cached (the server says no-store) and the object URL is released. Drawn as
 * a bounded thumbnail, so a huge image cannot take over the queue; its full size opens over the
 * screen.
 */
export function ProofImage({ id }: { id: number }) {
  const { proofs } = useConsoleApi();
  const t = useT(consoleMessages);
  const [url, setUrl] = useState<string | null>(null);
  const [fullSize, setFullSize] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let made: string | null = null;
    // Quietly, as an <img> would: a receipt that cannot be read is simply not drawn.
    proofs.file(id, { toast: false, loading: false }).then(
      ({ blob }) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [proofs, id]);
  if (!url) return null;
  const shut = () => {
    setFullSize(false);
    opener.current?.focus();
  };
  return (
    <figure className={styles.receipt}>
      <div className={styles.thumbnail}>
        <img src={url} alt={t('receipt', { id })} />
      </div>
      <button ref={opener} type="button" aria-haspopup="dialog" aria-label={t('receiptFullSize', { id })} onClick={() => setFullSize(true)}>
        {t('receiptZoom')}
      </button>
      {fullSize && <FullSize id={id} url={url} onClose={shut} />}
    </figure>
  );
}
