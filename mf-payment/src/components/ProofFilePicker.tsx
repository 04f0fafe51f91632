import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useT } from '@instalment/host-sdk/host';
import { isImage, PROOF_ACCEPT } from '@instalment/ui/upload';
import { messages } from '../messages';
import styles from './ProofFilePicker.module.css';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A thumbnail of a picked picture, where the browser can make one. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !isImage(file) || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface ProofFilePickerProps {
  file: File | null;
  error: string | null;
  disabled?: boolean;
  onPick: (file: File | null) => void;
}

/** The proof's file input with the picked file's name, size and, for a picture, a preview. */
export function ProofFilePicker({ file, error, disabled, onPick }: ProofFilePickerProps) {
  const t = useT(messages);
  const id = useId();
  const errorId = `${id}-error`;
  const previewUrl = useObjectUrl(file);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Dismissing the picker must not drop a file already chosen.
    if (picked) onPick(picked);
  };

  return (
    <div className={`${styles.picker} ${error ? styles.invalid : ''}`}>
      <label htmlFor={id} className={styles.label}>
        {t('proofFile')}
      </label>
      <input
        id={id}
        type="file"
        className={styles.input}
        accept={PROOF_ACCEPT}
        disabled={disabled}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {file && (
        <div className={styles.preview}>
          {previewUrl && <img className={styles.thumb} src={previewUrl} alt={t('preview', { name: file.name })} />}
          <div className={styles.meta}>
            <span className={styles.name}>{file.name}</span>
            <span className={styles.size}>{formatBytes(file.size)}</span>
          </div>
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
