import type { TextareaHTMLAttributes } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/theme-tokens';
import { FieldFrame } from './field-frame';

const useStyles = makeStyles({
  frame: { display: 'flex', alignItems: 'stretch' },
  textarea: {
    padding: `${tokens.spacingVerticalSNudge} ${tokens.spacingHorizontalMNudge}`,
    resize: 'vertical',
    minHeight: '52px',
  },
});

/** A multi-line text field with Fluent's outline look, resizable vertically. */
export function Textarea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const styles = useStyles();
  return (
    <FieldFrame className={mergeClasses(styles.frame, className)}>
      {(controlClassName) => <textarea className={mergeClasses(controlClassName, styles.textarea)} {...rest} />}
    </FieldFrame>
  );
}
