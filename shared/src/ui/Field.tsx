import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { describedBy, FieldError } from './form/FieldError';
import styles from './ui.module.css';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: string;
  /** Beside the input, e.g. the send-code button. */
  addon?: ReactNode;
}

/** A labelled input whose error is announced with it (aria-describedby, aria-invalid). */
export function Field({ label, error, hint, addon, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control}>
        <input id={inputId} className={styles.input} {...describedBy(inputId, error, hint ? hintId : null)} {...input} />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError controlId={inputId} message={error} />
    </div>
  );
}
