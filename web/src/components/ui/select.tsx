import type { SelectHTMLAttributes } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { useFieldFrameStyles } from './field-styles';

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
  const frame = useFieldFrameStyles();
  const styles = useStyles();
  return (
    <span className={mergeClasses(frame.frame, className)}>
      <select className={mergeClasses(frame.control, styles.select)} {...rest}>
        {children}
      </select>
      <span className={styles.chevron} aria-hidden="true">
        <ChevronDownRegular />
      </span>
    </span>
  );
}
