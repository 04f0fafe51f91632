import styles from './ProgressBar.module.css';

/** A determinate progress bar with its percent, announced as a progressbar. */
export function ProgressBar({ fraction, label, text }: { fraction: number; label: string; text: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className={styles.wrap}>
      <div className={styles.caption}>
        <span>{text}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% ${text}`}
      >
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
