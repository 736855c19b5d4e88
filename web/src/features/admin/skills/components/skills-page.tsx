import { Field, Input, makeStyles, ProgressBar, Slider, Text, Textarea, tokens } from '@fluentui/react-components';
import {
  AdminUiMessages,
  skillCreateSchema,
  SKILL_DEFAULT_LEVEL,
  SKILL_LEVEL_MAX,
  SKILL_LEVEL_MIN,
  UiMessages,
} from '@folio/shared';
import type { Skill } from '@folio/shared';
import { OrderedCardsEditor } from '../../sortable-cards/components/ordered-cards-editor';
import type { OrderedResource } from '../../sortable-cards/hooks/use-ordered-editor';
import { createSkill, deleteSkill, listSkills, reorderSkills, updateSkill } from '../api/skills.api';

type SkillFields = Pick<Skill, 'name' | 'description' | 'level'>;

const skillsResource: OrderedResource<SkillFields> = {
  name: 'skills',
  calls: { list: listSkills, create: createSkill, update: updateSkill, remove: deleteSkill, reorder: reorderSkills },
  fieldsOf: ({ name, description, level }) => ({ name, description, level }),
  blank: () => ({ name: '', description: '', level: SKILL_DEFAULT_LEVEL }),
  schema: skillCreateSchema,
};

const useStyles = makeStyles({
  level: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  slider: { flex: 1, minWidth: 0 },
  // The step marks Fluent draws for step=1 turn the rail into a dashed line; the value is shown beside it.
  rail: { '::before': { display: 'none' } },
  value: { minWidth: '3ch', textAlign: 'right' },
});

export function SkillsPage() {
  const styles = useStyles();
  return (
    <OrderedCardsEditor<SkillFields>
      title={AdminUiMessages.tabSkills}
      noun={AdminUiMessages.skillNoun}
      resource={skillsResource}
      deleteConfirmText={UiMessages.deleteSkillConfirm}
      describe={(item, index) => item.name || AdminUiMessages.skillFallbackName(index + 1)}
      renderFields={(item, update) => (
        <>
          <Field label={AdminUiMessages.skillName} required>
            <Input value={item.name} onChange={(_, data) => update({ name: data.value })} />
          </Field>
          <Field label={AdminUiMessages.skillDescription}>
            <Textarea value={item.description} rows={2} onChange={(_, data) => update({ description: data.value })} />
          </Field>
          <Field label={AdminUiMessages.skillLevel}>
            <div className={styles.level}>
              <Slider
                className={styles.slider}
                min={SKILL_LEVEL_MIN}
                max={SKILL_LEVEL_MAX}
                step={1}
                rail={{ className: styles.rail }}
                value={item.level}
                aria-label={AdminUiMessages.skillLevelOf(item.name)}
                onChange={(_, data) => update({ level: data.value })}
              />
              <Text className={styles.value}>{item.level}</Text>
            </div>
          </Field>
          <ProgressBar value={item.level / SKILL_LEVEL_MAX} thickness="large" aria-label={AdminUiMessages.skillLevelProgress} />
        </>
      )}
    />
  );
}
