import { forwardRef } from 'react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { clsx } from 'clsx';
import styles from './button.module.css';

export type ButtonAppearance = 'secondary' | 'primary' | 'outline' | 'subtle';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  appearance?: ButtonAppearance;
  size?: 'small' | 'medium';
  shape?: 'rounded' | 'circular';
  icon?: ReactNode;
}

/** A button with Fluent's look; `aria-pressed` makes it a toggle button. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { appearance = 'secondary', size = 'medium', shape = 'rounded', icon, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  const iconOnly = icon !== undefined && (children === undefined || children === null);
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled}
      className={clsx(
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
          className={clsx(styles.icon, !iconOnly && (size === 'small' ? styles.iconBeforeLabelSmall : styles.iconBeforeLabel))}
        >
          {icon}
        </span>
      )}
      {children}
    </button>
  );
});
