import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame } from './field-frame';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** An icon before the text (the search field's magnifier). */
  contentBefore?: ReactNode;
}

/** A one-line text field with Fluent's outline look; `className` sizes the frame. */
export function TextInput({ contentBefore, className, ...rest }: TextInputProps) {
  return (
    <FieldFrame className={className} before={contentBefore}>
      {(controlClassName) => <input className={controlClassName} {...rest} />}
    </FieldFrame>
  );
}
