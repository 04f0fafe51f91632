import type { InputHTMLAttributes, ReactNode } from 'react';
import { describedBy } from './form/FieldError';
import { FieldFrame, useControlIds } from './form/FieldFrame';
import styles from './form/form.module.css';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: string;
  /** Beside the input, e.g. the send-code button. */
  addon?: ReactNode;
}

/** A labelled input whose error is announced with it (aria-describedby, aria-invalid). */
export function Field({ label, error, hint, addon, id, ...input }: FieldProps) {
  const { controlId, hintId } = useControlIds(id, hint);
  return (
    <FieldFrame controlId={controlId} hintId={hintId} label={label} hint={hint} error={error}>
      <div className={styles.control}>
        <input id={controlId} className={styles.input} {...describedBy(controlId, error, hintId)} {...input} />
        {addon}
      </div>
    </FieldFrame>
  );
}
