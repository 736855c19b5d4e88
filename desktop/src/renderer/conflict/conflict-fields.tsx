import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { DesktopUiMessages as M } from '@folio/shared';
import type { ArticleFieldName } from '@folio/shared';
import type { ConflictRegion, FieldConflict } from '@folio/shared/three-way-merge';

export const CONFLICT_FIELD_LABELS: Record<ArticleFieldName, string> = {
  title: M.title,
  category: M.category,
  tags: M.tags,
  summary: M.summary,
  cover: M.columnCover,
  content: M.body,
};

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
    '@media (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  cell: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace },
});

const SIDES = [
  { key: 'base', label: M.conflictBase },
  { key: 'remote', label: M.conflictTheirs },
  { key: 'local', label: M.conflictMine },
] as const;

function ThreeSides({ region, testId }: { region: ConflictRegion; testId: string }) {
  const styles = useStyles();
  return (
    <div className={styles.grid} data-testid={testId}>
      {SIDES.map((side) => (
        <div key={side.key} className={styles.cell} data-side={side.key}>
          <Text size={200} weight="semibold">
            {side.label}
          </Text>
          <span className={styles.text}>{region[side.key] || M.conflictEmptyValue}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * Each field both sides changed in the same place, with the base they started from, the
 * server's text and the local one: for the body and the summary only the overlapping blocks.
 */
export function ConflictFields({ conflicts }: { conflicts: FieldConflict[] }) {
  return (
    <>
      {conflicts.map((conflict) => (
        <section key={conflict.field} aria-label={CONFLICT_FIELD_LABELS[conflict.field]} data-field={conflict.field}>
          <Text weight="semibold">{CONFLICT_FIELD_LABELS[conflict.field]}</Text>
          {(conflict.regions ?? [conflict]).map((region, index, all) => (
            <div key={index}>
              {all.length > 1 && <Text size={200}>{M.conflictRegion(index + 1)}</Text>}
              <ThreeSides region={region} testId={`conflict-${conflict.field}`} />
            </div>
          ))}
        </section>
      ))}
    </>
  );
}
