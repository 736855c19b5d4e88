import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './field.module.css';

/** A label above its control, as Fluent's Field; `children` receives the control's id. */
export function Field({ label, required, children }: { label: string; required?: boolean; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={styles.root}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children(id)}
    </div>
  );
}
