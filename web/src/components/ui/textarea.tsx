import type { TextareaHTMLAttributes } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useFieldFrameStyles } from './field-styles';

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
  const frame = useFieldFrameStyles();
  const styles = useStyles();
  return (
    <span className={mergeClasses(frame.frame, styles.frame, className)}>
      <textarea className={mergeClasses(frame.control, styles.textarea)} {...rest} />
    </span>
  );
}
