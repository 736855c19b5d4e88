import type { CSSProperties } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';

// Fluent's Spinner (a brand-coloured arc on a light track, label beside it), as plain CSS.
const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  circle: {
    flexShrink: 0,
    width: '32px',
    height: '32px',
    boxSizing: 'border-box',
    borderRadius: '50%',
    border: `3px solid ${tokens.colorBrandStroke2}`,
    borderTopColor: tokens.colorBrandStroke1,
    animationName: { to: { transform: 'rotate(360deg)' } },
    animationDuration: '1s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
  },
  tiny: {
    width: '20px',
    height: '20px',
    borderTopWidth: '2px',
    borderRightWidth: '2px',
    borderBottomWidth: '2px',
    borderLeftWidth: '2px',
  },
});

export interface SpinnerProps {
  label: string;
  size?: 'tiny' | 'medium';
  className?: string;
  style?: CSSProperties;
}

export function Spinner({ label, size = 'medium', className, style }: SpinnerProps) {
  const styles = useStyles();
  return (
    <div role="progressbar" aria-label={label} className={mergeClasses(styles.root, className)} style={style}>
      <span className={mergeClasses(styles.circle, size === 'tiny' && styles.tiny)} aria-hidden="true" />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}
