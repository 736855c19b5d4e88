import type { TextareaHTMLAttributes } from 'react';
import { clsx } from 'clsx';
import { FieldFrame } from './field-frame';
import styles from './textarea.module.css';

/** A multi-line text field with Fluent's outline look, resizable vertically. */
export function Textarea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame className={clsx(styles.frame, className)}>
      {(controlClassName) => <textarea className={clsx(controlClassName, styles.textarea)} {...rest} />}
    </FieldFrame>
  );
}
