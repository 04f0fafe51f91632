import { useId, useState } from 'react';
import type { UploadedFile } from '@instalment/contract/api';
import { useT } from '@instalment/host-sdk/host';
import { Button } from '@instalment/ui/kit';
import { useConsoleApi } from '@instalment/ui/console';
import { consoleNewsMessages } from './messages';
import styles from './ConsoleNews.module.css';

/** What the editor's image becomes once stored: `url` for the draft, `fullurl` (signed) to show it. */
export type StoredCover = UploadedFile;

/**
 * The draft's cover: the picked image is uploaded at once and previewed; a failed upload says why
 * and offers the same file again, and nothing else in the form is touched either way.
 */
export function CoverField({ cover, onCover }: { cover: StoredCover | null; onCover: (cover: StoredCover | null) => void }) {
  const { news } = useConsoleApi();
  const t = useT(consoleNewsMessages);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<{ file: File; reason: string } | null>(null);
  const send = (file: File) => {
    setBusy(true);
    setFailed(null);
    news
      .uploadCover(file, file.name, { toast: false, loading: false })
      .then(onCover, (error: unknown) => setFailed({ file, reason: error instanceof Error ? error.message : String(error) }))
      .finally(() => setBusy(false));
  };
  return (
    <div className={styles.cover}>
      <label htmlFor={id}>{t('cover')}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        disabled={busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so that picking the same file again after a removal uploads it again.
          event.currentTarget.value = '';
          if (file) send(file);
        }}
      />
      <span id={`${id}-hint`}>{t('coverHint')}</span>
      {busy && <p role="status">{t('coverUploading')}</p>}
      {failed && (
        <div role="alert">
          <p>{t('coverFailed', { reason: failed.reason })}</p>
          <Button size="small" onClick={() => send(failed.file)}>
            {t('retryCover')}
          </Button>
        </div>
      )}
      {cover && (
        <>
          <img className={styles.preview} src={cover.fullurl} alt={t('coverPreview')} />
          <Button size="small" onClick={() => onCover(null)}>
            {t('removeCover')}
          </Button>
        </>
      )}
    </div>
  );
}
