import styles from './progress-bar.module.css';

/** A determinate progress bar; `value` is 0-1, as in ARIA's `aria-valuenow` with max 1. */
export function ProgressBar({ value, label, valueText }: { value: number; label: string; valueText: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={1}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={styles.track}
    >
      <span className={styles.bar} style={{ width: `${value * 100}%` }} />
    </div>
  );
}
