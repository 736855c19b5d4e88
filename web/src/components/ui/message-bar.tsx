import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { ErrorCircleFilled } from '@fluentui/react-icons/headless/svg/error-circle';
import { InfoFilled } from '@fluentui/react-icons/headless/svg/info';
import { WarningFilled } from '@fluentui/react-icons/headless/svg/warning';
import styles from './message-bar.module.css';

export interface MessageBarProps {
  intent: 'info' | 'warning' | 'error';
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** A status line: info and warning are polite announcements, errors are alerts. */
export function MessageBar({ intent, className, children, ...rest }: MessageBarProps) {
  const Icon = intent === 'error' ? ErrorCircleFilled : intent === 'warning' ? WarningFilled : InfoFilled;
  return (
    <div
      role={intent === 'error' ? 'alert' : 'status'}
      className={clsx(styles.root, intent === 'warning' && styles.warning, intent === 'error' && styles.error, className)}
      {...rest}
    >
      <span className={clsx(styles.icon, intent === 'warning' && styles.warningIcon, intent === 'error' && styles.errorIcon)}>
        <Icon aria-hidden="true" />
      </span>
      <div>{children}</div>
    </div>
  );
}
