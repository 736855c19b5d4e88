import type { InputHTMLAttributes, ReactNode } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { useFieldFrameStyles } from './field-styles';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** An icon before the text (the search field's magnifier). */
  contentBefore?: ReactNode;
}

/** A one-line text field with Fluent's outline look; `className` sizes the frame. */
export function TextInput({ contentBefore, className, ...rest }: TextInputProps) {
  const styles = useFieldFrameStyles();
  return (
    <span className={mergeClasses(styles.frame, className)}>
      {contentBefore !== undefined && <span className={styles.slot}>{contentBefore}</span>}
      <input className={mergeClasses(styles.control, contentBefore !== undefined && styles.controlAfterSlot)} {...rest} />
    </span>
  );
}
