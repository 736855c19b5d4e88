import type { CSSProperties } from 'react';
import { clsx } from 'clsx';
import ring from '../../styles/spinner-ring.module.css';
import styles from './spinner.module.css';

export interface SpinnerProps {
  label: string;
  size?: 'tiny' | 'medium';
  className?: string;
  style?: CSSProperties;
}

export function Spinner({ label, size = 'medium', className, style }: SpinnerProps) {
  return (
    <div role="progressbar" aria-label={label} className={clsx(styles.root, className)} style={style}>
      <span className={clsx(ring.ring, size === 'tiny' && ring.tiny)} aria-hidden="true" />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}
