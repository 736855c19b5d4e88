import type { CSSProperties, ReactNode } from 'react';
import { clsx } from 'clsx';
import styles from './skeleton.module.css';

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
  return <span className={clsx(styles.item, className)} style={{ height: `${height}px`, ...style }} />;
}
