import { Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { DesktopUiMessages as M, tagsAreWellFormed, UiMessages } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { MarkdownEditor } from '../web-admin';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
});

/** The article fields of a draft, laid out like the admin's article form, with its Markdown editor. */
export function DraftForm({ value, onChange }: { value: ArticleFields; onChange: (patch: Partial<ArticleFields>) => void }) {
  const styles = useStyles();
  const tagsValid = tagsAreWellFormed(value.tags);
  return (
    <div className={styles.form}>
      <Field label={M.title}>
        <Input value={value.title} onChange={(_, data) => onChange({ title: data.value })} />
      </Field>
      <div className={styles.grid}>
        <Field label={M.category}>
          <Input value={value.category} onChange={(_, data) => onChange({ category: data.value })} />
        </Field>
        <Field
          label={M.tags}
          validationState={tagsValid ? 'none' : 'error'}
          validationMessage={tagsValid ? undefined : UiMessages.tagsInvalidField}
        >
          <Input value={value.tags} onChange={(_, data) => onChange({ tags: data.value })} />
        </Field>
        <Field label={M.columnCover}>
          <Input value={value.cover} onChange={(_, data) => onChange({ cover: data.value })} />
        </Field>
      </div>
      <Field label={M.summary}>
        <Textarea value={value.summary} resize="vertical" rows={2} onChange={(_, data) => onChange({ summary: data.value })} />
      </Field>
      <MarkdownEditor
        value={value.content}
        onChange={(content) => onChange({ content })}
        height="max(260px, calc(100vh - 430px))"
      />
    </div>
  );
}
