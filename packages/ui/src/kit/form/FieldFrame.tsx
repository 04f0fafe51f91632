import { type ReactNode, useId } from 'react';
import styles from './form.module.css';
import { FieldError } from './FieldError';

/** A labelled control's id (the one given, or one of its own) and its hint's id when it has a hint. */
export function useControlIds(id: string | undefined, hint: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, hintId: hint ? `${controlId}-hint` : null };
}

interface FieldFrameProps {
  controlId: string;
  hintId: string | null;
  label: string;
  hint?: string;
  error?: string | null;
  /** The control itself, which names `controlId` and describes itself with `describedBy`. */
  children: ReactNode;
}

/** The one layout of a form field: label, control, hint and error (input, text area, select). */
export function FieldFrame({ controlId, hintId, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      {children}
      {hint && hintId && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError controlId={controlId} message={error} />
    </div>
  );
}
