import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { BackupScreenMessages as M } from '@folio/shared';
import type { SecretField } from '../model/backup-form';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  input: { flex: 1, minWidth: 0 },
});

/**
 * A write-only secret (server/API.md §E22): the server never sends it back, so the field says
 * 已设置 instead; blank keeps it, 清除 removes it at the next save.
 */
export function SecretInput({
  label,
  field,
  onChange,
  hint,
}: {
  label: string;
  field: SecretField;
  onChange: (next: SecretField) => void;
  hint?: string;
}) {
  const styles = useStyles();
  const hintText = field.clear ? M.secretCleared : hint;
  return (
    <Field label={label} hint={hintText}>
      <div className={styles.row}>
        <Input
          className={styles.input}
          type="password"
          autoComplete="new-password"
          value={field.value}
          placeholder={field.set && !field.clear ? M.secretSetPlaceholder : undefined}
          onChange={(_, data) => onChange({ ...field, value: data.value, clear: false })}
        />
        {field.set && (
          <Button
            appearance="subtle"
            aria-label={`${field.clear ? M.secretUndoClear : M.secretClear} ${label}`}
            onClick={() => onChange({ ...field, value: '', clear: !field.clear })}
          >
            {field.clear ? M.secretUndoClear : M.secretClear}
          </Button>
        )}
      </div>
    </Field>
  );
}
