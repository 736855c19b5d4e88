import { useId } from 'react';
import type { ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' },
  label: {
    padding: `${tokens.spacingVerticalXXS} 0`,
    marginBottom: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  required: { paddingLeft: tokens.spacingHorizontalXS, color: tokens.colorPaletteRedForeground3 },
});

/** A label above its control, as Fluent's Field; `children` receives the control's id. */
export function Field({ label, required, children }: { label: string; required?: boolean; children: (id: string) => ReactNode }) {
  const styles = useStyles();
  const id = useId();
  return (
    <div className={styles.root}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children(id)}
    </div>
  );
}
