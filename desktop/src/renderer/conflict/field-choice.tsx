import { Field, Input, makeStyles, Radio, RadioGroup, Textarea, tokens } from '@fluentui/react-components';
import { DesktopUiMessages as M } from '@folio/shared';
import { MarkdownEditor } from '../web-admin';
import { CONFLICT_FIELD_LABELS } from './conflict-fields';
import type { FieldOutcome } from './field-outcomes';
import type { FieldChoice as Choice, FieldDecision } from './resolution';

export interface FieldChoiceProps {
  outcome: FieldOutcome;
  decision: FieldDecision;
  onChange: (decision: FieldDecision) => void;
}

const useStyles = makeStyles({
  // The editor without its preview (text with markers previews as nonsense) has no frame of its own.
  editor: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
});

const CHOICES: readonly Choice[] = ['server', 'local', 'manual'];

/** 手动合并 for one field both sides changed: the server's, the local one, or a hand edit. */
export function FieldChoice({ outcome, decision, onChange }: FieldChoiceProps) {
  const styles = useStyles();
  const label = CONFLICT_FIELD_LABELS[outcome.field];
  const edit = (text: string) => onChange({ ...decision, text });
  return (
    <div data-testid={`merge-${outcome.field}`}>
      <RadioGroup
        layout="horizontal"
        aria-label={M.conflictChoiceLabel(label)}
        value={decision.choice}
        onChange={(_event, data) => {
          const choice = CHOICES.find((candidate) => candidate === data.value);
          if (choice) onChange({ ...decision, choice });
        }}
      >
        <Radio value="server" label={M.conflictChoiceServer} />
        <Radio value="local" label={M.conflictChoiceLocal} />
        <Radio value="manual" label={M.conflictChoiceManual} />
      </RadioGroup>
      {decision.choice === 'manual' &&
        (outcome.field === 'content' ? (
          <div className={styles.editor}>
            <MarkdownEditor value={decision.text} onChange={edit} height="40vh" textOnly />
          </div>
        ) : (
          <Field label={M.conflictManualValue(label)}>
            {outcome.field === 'summary' ? (
              <Textarea value={decision.text} resize="vertical" onChange={(_event, data) => edit(data.value)} />
            ) : (
              <Input value={decision.text} onChange={(_event, data) => edit(data.value)} />
            )}
          </Field>
        ))}
    </div>
  );
}
