import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import styles from './field-frame.module.css';

/**
 * The frame of Fluent's outline text fields (Input, Select, Textarea): a thin border with a
 * darker bottom edge that turns into a brand-coloured underline while the field has focus.
 * `children` draws the control with the class that blends it into the frame.
 */
export function FieldFrame({
  className,
  before,
  after,
  children,
}: {
  className?: string;
  /** An icon before the control (the search field's magnifier). */
  before?: ReactNode;
  /** Drawn over the control's end (the drop-down's chevron). */
  after?: ReactNode;
  children: (controlClassName: string) => ReactNode;
}) {
  return (
    <span className={clsx(styles.frame, className)}>
      {before !== undefined && <span className={styles.slot}>{before}</span>}
      {children(clsx(styles.control, before !== undefined && styles.controlAfterSlot))}
      {after}
    </span>
  );
}
