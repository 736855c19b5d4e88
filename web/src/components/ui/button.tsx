import { forwardRef } from 'react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';

export type ButtonAppearance = 'secondary' | 'primary' | 'outline' | 'subtle';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  appearance?: ButtonAppearance;
  size?: 'small' | 'medium';
  shape?: 'rounded' | 'circular';
  icon?: ReactNode;
}

// The public pages' button, drawn with Fluent's design tokens so it looks like Fluent's Button
// (same sizes, colours, hover, pressed, disabled and focus ring) without Fluent's component
// runtime, which public pages do not need; the admin keeps Fluent's own Button.
const useStyles = makeStyles({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minWidth: '96px',
    minHeight: '32px',
    margin: 0,
    padding: `5px ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase300,
    cursor: 'pointer',
    verticalAlign: 'middle',
    transitionProperty: 'background, border, color',
    transitionDuration: tokens.durationFaster,
    transitionTimingFunction: tokens.curveEasyEase,
    ':hover': {
      backgroundColor: tokens.colorNeutralBackground1Hover,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1Hover}`,
      color: tokens.colorNeutralForeground1Hover,
    },
    ':hover:active': {
      backgroundColor: tokens.colorNeutralBackground1Pressed,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1Pressed}`,
    },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '1px',
    },
  },
  small: {
    minWidth: '64px',
    minHeight: '24px',
    padding: `3px ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusSmall,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightRegular,
    lineHeight: tokens.lineHeightBase200,
  },
  circular: { borderRadius: tokens.borderRadiusCircular },
  primary: {
    backgroundColor: tokens.colorBrandBackground,
    border: `${tokens.strokeWidthThin} solid transparent`,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorBrandBackgroundHover,
      border: `${tokens.strokeWidthThin} solid transparent`,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorBrandBackgroundPressed,
      border: `${tokens.strokeWidthThin} solid transparent`,
    },
  },
  outline: {
    backgroundColor: tokens.colorTransparentBackground,
    ':hover': { backgroundColor: tokens.colorTransparentBackgroundHover },
    ':hover:active': { backgroundColor: tokens.colorTransparentBackgroundPressed },
  },
  subtle: {
    backgroundColor: tokens.colorSubtleBackground,
    border: `${tokens.strokeWidthThin} solid transparent`,
    color: tokens.colorNeutralForeground2,
    ':hover': {
      backgroundColor: tokens.colorSubtleBackgroundHover,
      border: `${tokens.strokeWidthThin} solid transparent`,
      color: tokens.colorNeutralForeground2Hover,
    },
    ':hover:active': {
      backgroundColor: tokens.colorSubtleBackgroundPressed,
      border: `${tokens.strokeWidthThin} solid transparent`,
    },
  },
  disabled: {
    backgroundColor: tokens.colorNeutralBackgroundDisabled,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeDisabled}`,
    color: tokens.colorNeutralForegroundDisabled,
    cursor: 'not-allowed',
    ':hover': {
      backgroundColor: tokens.colorNeutralBackgroundDisabled,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeDisabled}`,
      color: tokens.colorNeutralForegroundDisabled,
    },
    ':hover:active': {
      backgroundColor: tokens.colorNeutralBackgroundDisabled,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeDisabled}`,
    },
  },
  primaryDisabled: {
    border: `${tokens.strokeWidthThin} solid transparent`,
    ':hover': { border: `${tokens.strokeWidthThin} solid transparent` },
  },
  subtleDisabled: {
    backgroundColor: tokens.colorTransparentBackground,
    border: `${tokens.strokeWidthThin} solid transparent`,
    ':hover': { backgroundColor: tokens.colorTransparentBackground, border: `${tokens.strokeWidthThin} solid transparent` },
  },
  iconOnly: { minWidth: '32px', maxWidth: '32px', padding: '5px' },
  iconOnlySmall: { minWidth: '24px', maxWidth: '24px', padding: '1px' },
  icon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '20px',
    width: '20px',
    height: '20px',
  },
  // Only the icon is spaced from the label; the label may be several nodes (a tag and its count).
  iconBeforeLabel: { marginRight: '6px' },
  iconBeforeLabelSmall: { marginRight: '4px' },
});

/** A button with Fluent's look; `aria-pressed` makes it a toggle button. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { appearance = 'secondary', size = 'medium', shape = 'rounded', icon, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  const styles = useStyles();
  const iconOnly = icon !== undefined && (children === undefined || children === null);
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled}
      className={mergeClasses(
        styles.base,
        size === 'small' && styles.small,
        shape === 'circular' && styles.circular,
        appearance === 'primary' && styles.primary,
        appearance === 'outline' && styles.outline,
        appearance === 'subtle' && styles.subtle,
        disabled && styles.disabled,
        disabled && appearance === 'primary' && styles.primaryDisabled,
        disabled && appearance === 'subtle' && styles.subtleDisabled,
        iconOnly && (size === 'small' ? styles.iconOnlySmall : styles.iconOnly),
        className,
      )}
      {...rest}
    >
      {icon !== undefined && (
        <span
          className={mergeClasses(
            styles.icon,
            !iconOnly && (size === 'small' ? styles.iconBeforeLabelSmall : styles.iconBeforeLabel),
          )}
        >
          {icon}
        </span>
      )}
      {children}
    </button>
  );
});
