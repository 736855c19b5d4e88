import { Field, Textarea } from '@fluentui/react-components';

export interface AutoGrowTextareaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  minRows?: number;
  maxRows: number;
  hint?: string;
}

/** A textarea whose height follows its line count, up to maxRows; then it scrolls. */
export function AutoGrowTextarea({ label, value, onChange, minRows = 3, maxRows, hint }: AutoGrowTextareaProps) {
  const lines = value.split('\n').length;
  const rows = Math.min(maxRows, Math.max(minRows, lines));
  return (
    <Field label={label} hint={hint}>
      <Textarea value={value} rows={rows} resize="none" onChange={(_, data) => onChange(data.value)} />
    </Field>
  );
}
