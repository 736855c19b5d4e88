import type { SelectHTMLAttributes } from 'react';
import { clsx } from 'clsx';
import { ChevronDownRegular } from '@fluentui/react-icons/headless/svg/chevron-down';
import { FieldFrame } from './field-frame';
import styles from './select.module.css';

/** The browser's own drop-down list in Fluent's outline frame. */
export function Select({ className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  const chevron = (
    <span className={styles.chevron} aria-hidden="true">
      <ChevronDownRegular />
    </span>
  );
  return (
    <FieldFrame className={className} after={chevron}>
      {(controlClassName) => (
        <select className={clsx(controlClassName, styles.select)} {...rest}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
