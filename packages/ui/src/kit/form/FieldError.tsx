import styles from './form.module.css';

/** The id a control names in aria-describedby for its error. */
export const errorIdOf = (controlId: string) => `${controlId}-error`;

/** A field's problem, announced when it appears and tied to its control by id. */
export function FieldError({ controlId, message }: { controlId: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={errorIdOf(controlId)} className={styles.error} role="alert">
      {message}
    </p>
  );
}

/** aria-invalid and aria-describedby for a control with an optional error and hint. */
export function describedBy(controlId: string, error?: string | null, hintId?: string | null) {
  const ids = [error ? errorIdOf(controlId) : null, hintId ?? null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}
