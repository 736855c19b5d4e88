import type { SelectHTMLAttributes } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { FieldFrame } from './field-frame';

const useStyles = makeStyles({
  select: { appearance: 'none', paddingRight: '36px', cursor: 'pointer' },
  chevron: {
    position: 'absolute',
    right: tokens.spacingHorizontalMNudge,
    display: 'inline-flex',
    fontSize: '20px',
    color: tokens.colorNeutralStrokeAccessible,
    pointerEvents: 'none',
  },
});

/** The browser's own drop-down list in Fluent's outline frame. */
export function Select({ className, children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  const styles = useStyles();
  const chevron = (
    <span className={styles.chevron} aria-hidden="true">
      <ChevronDownRegular />
    </span>
  );
  return (
    <FieldFrame className={className} after={chevron}>
      {(controlClassName) => (
        <select className={mergeClasses(controlClassName, styles.select)} {...rest}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
