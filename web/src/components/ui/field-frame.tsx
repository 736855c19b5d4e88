import type { ReactNode } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';

const useStyles = makeStyles({
  frame: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    minHeight: '32px',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeAccessible}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    ':hover': {
      borderTopColor: tokens.colorNeutralStroke1Hover,
      borderRightColor: tokens.colorNeutralStroke1Hover,
      borderLeftColor: tokens.colorNeutralStroke1Hover,
      borderBottomColor: tokens.colorNeutralStrokeAccessibleHover,
    },
    '::after': {
      content: '""',
      position: 'absolute',
      left: '-1px',
      right: '-1px',
      bottom: '-1px',
      height: `max(2px, ${tokens.borderRadiusMedium})`,
      borderBottomLeftRadius: tokens.borderRadiusMedium,
      borderBottomRightRadius: tokens.borderRadiusMedium,
      borderBottom: `2px solid ${tokens.colorCompoundBrandStroke}`,
      clipPath: 'inset(calc(100% - 2px) 0 0 0)',
      transform: 'scaleX(0)',
      transitionProperty: 'transform',
      transitionDuration: tokens.durationUltraFast,
      transitionTimingFunction: tokens.curveDecelerateMid,
      pointerEvents: 'none',
    },
    ':focus-within::after': { transform: 'scaleX(1)', transitionDuration: tokens.durationNormal },
    ':focus-within': { outline: `2px solid transparent` },
  },
  control: {
    flexGrow: 1,
    minWidth: 0,
    alignSelf: 'stretch',
    boxSizing: 'border-box',
    margin: 0,
    padding: `0 ${tokens.spacingHorizontalMNudge}`,
    border: 'none',
    outline: 'none',
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    font: 'inherit',
    '::placeholder': { color: tokens.colorNeutralForeground4, opacity: 1 },
  },
  controlAfterSlot: { paddingLeft: tokens.spacingHorizontalXXS },
  slot: {
    display: 'inline-flex',
    paddingLeft: tokens.spacingHorizontalMNudge,
    color: tokens.colorNeutralForeground3,
    fontSize: '20px',
  },
});

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
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.frame, className)}>
      {before !== undefined && <span className={styles.slot}>{before}</span>}
      {children(mergeClasses(styles.control, before !== undefined && styles.controlAfterSlot))}
      {after}
    </span>
  );
}
