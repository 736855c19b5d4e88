import type { HTMLAttributes } from 'react';
import { clsx } from 'clsx';
import styles from './badge.module.css';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /**
   * `filled` and `tint`: a category (on an article page, on a card); `outline`: a tag; `subtle`:
   * the '+N' of hidden tags.
   */
  look?: 'filled' | 'tint' | 'outline' | 'subtle';
  size?: 'medium' | 'large';
}

export function Badge({ look = 'outline', size = 'medium', className, ...rest }: BadgeProps) {
  return <span className={clsx(styles.base, size === 'large' && styles.large, styles[look], className)} {...rest} />;
}
