import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';

// Fluent's large rounded ProgressBar: a brand bar on a neutral track.
const useStyles = makeStyles({
  track: {
    display: 'block',
    width: '100%',
    height: '4px',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground6,
  },
  bar: {
    display: 'block',
    height: '100%',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorCompoundBrandBackground,
    transitionProperty: 'width',
    transitionDuration: '.3s',
    transitionTimingFunction: 'ease',
  },
});

/** A determinate progress bar; `value` is 0-1, as in ARIA's `aria-valuenow` with max 1. */
export function ProgressBar({ value, label, valueText }: { value: number; label: string; valueText: string }) {
  const styles = useStyles();
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
