import type { ReactNode } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';
import { ErrorCircleFilled, InfoFilled, WarningFilled } from '@fluentui/react-icons';

export interface MessageBarProps {
  intent: 'info' | 'warning' | 'error';
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}

// Fluent's single-line MessageBar (icon, text, intent colours), drawn with its tokens.
const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '36px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  warning: {
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteDarkOrangeBorder1}`,
  },
  error: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder1}`,
  },
  icon: { display: 'inline-flex', flexShrink: 0, fontSize: '16px', color: tokens.colorNeutralForeground3 },
  warningIcon: { color: tokens.colorPaletteDarkOrangeForeground1 },
  errorIcon: { color: tokens.colorPaletteRedForeground1 },
});

/** A status line: info and warning are polite announcements, errors are alerts. */
export function MessageBar({ intent, className, children, ...rest }: MessageBarProps) {
  const styles = useStyles();
  const Icon = intent === 'error' ? ErrorCircleFilled : intent === 'warning' ? WarningFilled : InfoFilled;
  return (
    <div
      role={intent === 'error' ? 'alert' : 'status'}
      className={mergeClasses(styles.root, intent === 'warning' && styles.warning, intent === 'error' && styles.error, className)}
      {...rest}
    >
      <span
        className={mergeClasses(styles.icon, intent === 'warning' && styles.warningIcon, intent === 'error' && styles.errorIcon)}
      >
        <Icon aria-hidden="true" />
      </span>
      <div>{children}</div>
    </div>
  );
}
