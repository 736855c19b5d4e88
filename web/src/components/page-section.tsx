import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import styles from './page-section.module.css';

export interface PageSectionProps {
  id: string;
  title: string;
  /** Buttons shown to the right of the title. */
  actions?: ReactNode;
  alternate?: boolean;
  children: ReactNode;
}

/** A landing-page section with its anchor id, heading and consistent spacing. */
export function PageSection({ id, title, actions, alternate, children }: PageSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={clsx(styles.section, alternate && styles.alt)}>
      <div className={styles.inner}>
        <div className={styles.header}>
          <h2 id={`${id}-title`} className={styles.title}>
            {title}
          </h2>
          {actions}
        </div>
        {children}
      </div>
    </section>
  );
}
