import type { ReactNode } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../lib/theme-tokens';

const useStyles = makeStyles({
  section: {
    scrollMarginTop: '70px',
    padding: '72px 20px',
    '@media (max-width: 767px)': { padding: '48px 16px' },
  },
  alt: { backgroundColor: tokens.colorNeutralBackground2 },
  inner: { maxWidth: '1120px', margin: '0 auto' },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '12px',
    marginBottom: '32px',
    flexWrap: 'wrap',
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    '::after': {
      content: '""',
      display: 'block',
      width: '40px',
      height: '4px',
      marginTop: '10px',
      borderRadius: '2px',
      backgroundColor: tokens.colorBrandBackground,
    },
  },
});

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
  const styles = useStyles();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={mergeClasses(styles.section, alternate && styles.alt)}>
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
