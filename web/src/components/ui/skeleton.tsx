import type { CSSProperties, ReactNode } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';

// Fluent's Skeleton: grey blocks with a moving shimmer, announced as loading.
const useStyles = makeStyles({
  item: {
    display: 'block',
    position: 'relative',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundImage: `linear-gradient(to right, ${tokens.colorNeutralStencil1} 0%, ${tokens.colorNeutralStencil2} 50%, ${tokens.colorNeutralStencil1} 100%)`,
    backgroundSize: '300% 100%',
    backgroundAttachment: 'fixed',
    animationName: { from: { backgroundPositionX: '300%' }, to: { backgroundPositionX: '0%' } },
    animationDuration: '3s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
});

export function Skeleton({
  label,
  className,
  children,
  ...rest
}: {
  label: string;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div role="progressbar" aria-busy="true" aria-label={label} className={className} {...rest}>
      {children}
    </div>
  );
}

export function SkeletonItem({ height, className, style }: { height: number; className?: string; style?: CSSProperties }) {
  const styles = useStyles();
  return <span className={mergeClasses(styles.item, className)} style={{ height: `${height}px`, ...style }} />;
}
