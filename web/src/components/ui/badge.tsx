import type { HTMLAttributes } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /**
   * `filled` and `tint`: a category (on an article page, on a card); `outline`: a tag; `subtle`:
   * the '+N' of hidden tags.
   */
  look?: 'filled' | 'tint' | 'outline' | 'subtle';
  size?: 'medium' | 'large';
}

// Fluent's Badge (filled or tint brand, outline informative, outline subtle) drawn with its tokens.
const useStyles = makeStyles({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minWidth: '20px',
    height: '20px',
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid transparent`,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    whiteSpace: 'nowrap',
  },
  large: { minWidth: '24px', height: '24px' },
  filled: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
  tint: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}`,
  },
  outline: {
    color: tokens.colorNeutralForeground3,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  subtle: {
    color: tokens.colorNeutralForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
});

export function Badge({ look = 'outline', size = 'medium', className, ...rest }: BadgeProps) {
  const styles = useStyles();
  return <span className={mergeClasses(styles.base, size === 'large' && styles.large, styles[look], className)} {...rest} />;
}
