import type { SkeletonShape } from '@instalment/federation/pages';
import styles from './skeleton.module.css';

/** A page whose table row names no shape (one a remote published after this shell was built). */
export type Shape = SkeletonShape | 'generic';

const ROWS: Record<Shape, number> = { list: 5, form: 4, detail: 6, generic: 3 };

/**
 * Where the page's content will be while its code loads: grey shapes of its layout, drawn by
 * index.html's first paint and by the frame until the page arrives. Hidden from assistive
 * technology: the loading view announces a load that takes long (SPEC §9).
 */
export function PageSkeleton({ shape }: { shape: Shape }) {
  const rows = Array.from({ length: ROWS[shape] }, (_, index) => index);
  return (
    <div className={styles.skeleton} aria-hidden="true" data-skeleton={shape}>
      {shape === 'list' &&
        rows.map((row) => (
          <div key={row} className={styles.card}>
            <div className={styles.line} />
            <div className={`${styles.line} ${styles.short}`} />
          </div>
        ))}
      {shape === 'form' && (
        <div className={styles.card}>
          {rows.map((row) => (
            <div key={row} className={styles.field}>
              <div className={`${styles.line} ${styles.short}`} />
              <div className={styles.input} />
            </div>
          ))}
          <div className={styles.button} />
        </div>
      )}
      {(shape === 'detail' || shape === 'generic') && (
        <div className={styles.card}>
          <div className={`${styles.line} ${styles.heading}`} />
          {rows.map((row) => (
            <div key={row} className={`${styles.line} ${row % 3 === 2 ? styles.short : ''}`} />
          ))}
        </div>
      )}
    </div>
  );
}
