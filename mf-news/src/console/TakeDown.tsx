import { useEffect, useRef, useState } from 'react';
import { useT } from '@instalment/host-sdk/host';
import { Button } from '@instalment/ui/kit';
import { consoleNewsMessages } from './messages';
import styles from './ConsoleNews.module.css';

/**
 * Taking a published article down, asked in its row first: borrowers stop seeing it at once. The
 * question takes the focus when it opens (read out whole), and the button it replaced gets it
 * back when the article is kept.
 */
export function TakeDown({ id, title, run }: { id: number; title: string; run: () => Promise<unknown> }) {
  const t = useT(consoleNewsMessages);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asking) place.current?.querySelector<HTMLElement>('[role="group"]')?.focus();
    else if (asked.current) place.current?.querySelector('button')?.focus();
    asked.current = asking;
  }, [asking]);
  return (
    <div ref={place}>
      {asking ? (
        <div role="group" aria-label={t('unpublish', { id })} tabIndex={-1}>
          <p className={styles.ask}>{t('takeDownAsk', { title })}</p>
          <Button
            size="small"
            variant="danger"
            busy={busy}
            onClick={() => {
              setBusy(true);
              // A refusal is toasted by the client; the question stays open to try again or keep it.
              void run()
                .catch(() => undefined)
                .finally(() => setBusy(false));
            }}
          >
            {t('takeDownYes', { id })}
          </Button>{' '}
          <Button size="small" disabled={busy} onClick={() => setAsking(false)}>
            {t('takeDownNo', { id })}
          </Button>
        </div>
      ) : (
        <Button size="small" onClick={() => setAsking(true)}>
          {t('unpublish', { id })}
        </Button>
      )}
    </div>
  );
}
