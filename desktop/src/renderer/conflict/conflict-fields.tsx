import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { Badge, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { BadgeProps } from '@fluentui/react-components';
import { DesktopUiMessages as M } from '@folio/shared';
import type { ArticleFieldName } from '@folio/shared';
import { changedOnBothSides } from './field-outcomes';
import type { FieldOutcome, FieldOutcomeKind } from './field-outcomes';
import { inlineDiffAgainstBase } from './inline-diff';

export const CONFLICT_FIELD_LABELS: Record<ArticleFieldName, string> = {
  title: M.title,
  category: M.category,
  tags: M.columnTags,
  summary: M.summary,
  cover: M.columnCover,
  content: M.body,
};

const OUTCOMES: Record<FieldOutcomeKind, { text: string; color: BadgeProps['color'] }> = {
  unchanged: { text: M.conflictOutcomeUnchanged, color: 'subtle' },
  same: { text: M.conflictOutcomeSame, color: 'subtle' },
  server: { text: M.conflictOutcomeServer, color: 'informative' },
  local: { text: M.conflictOutcomeLocal, color: 'informative' },
  merged: { text: M.conflictOutcomeMerged, color: 'success' },
  conflict: { text: M.conflictOutcomeOverlap, color: 'danger' },
};

/** Fields short enough to show their value on the field's own line. */
const SHORT_FIELDS: ReadonlySet<ArticleFieldName> = new Set(['title', 'category', 'tags', 'cover']);
/** Fields whose value shows too, as a block under the line: a summary may run to paragraphs. */
const BLOCK_FIELDS: ReadonlySet<ArticleFieldName> = new Set(['summary']);

const useStyles = makeStyles({
  field: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  label: { minWidth: '3em' },
  value: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  blockValue: {
    color: tokens.colorNeutralForeground3,
    overflowWrap: 'anywhere',
    whiteSpace: 'pre-wrap',
    maxHeight: '30vh',
    overflowY: 'auto',
  },
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
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  text: {
    margin: 0,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
    maxHeight: '30vh',
    overflowY: 'auto',
  },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2, textDecorationLine: 'none' },
  removed: { backgroundColor: tokens.colorPaletteRedBackground2, textDecorationLine: 'line-through' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** One side's text, with what it changed against the base marked inline. */
function MarkedText({ base, text }: { base: string | null; text: string }) {
  const styles = useStyles();
  if (!text) return <span className={mergeClasses(styles.text, styles.muted)}>{M.conflictEmptyValue}</span>;
  if (base === null) return <pre className={styles.text}>{text}</pre>;
  return (
    <pre className={styles.text}>
      {inlineDiffAgainstBase(base, text).map((line, lineIndex) => (
        <Fragment key={lineIndex}>
          {lineIndex > 0 && '\n'}
          {line.map((run, runIndex) => {
            if (run.kind === 'same') return <span key={runIndex}>{run.text}</span>;
            const Mark = run.kind === 'added' ? 'ins' : 'del';
            return (
              <Mark key={runIndex} className={run.kind === 'added' ? styles.added : styles.removed} data-change={run.kind}>
                {run.text}
              </Mark>
            );
          })}
        </Fragment>
      ))}
    </pre>
  );
}

function SideCell({ side, label, children }: { side: string; label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.cell} data-side={side}>
      <Text size={200} weight="semibold">
        {label}
      </Text>
      {children}
    </div>
  );
}

const CHANGED_SIDES = [
  { side: 'remote', label: M.conflictTheirs },
  { side: 'local', label: M.conflictMine },
] as const;

/** The base, the server's text and the local one, each side marked against the base. */
function ThreeSides({ sides, testId }: { sides: { base: string | null; remote: string; local: string }; testId: string }) {
  const styles = useStyles();
  return (
    <div className={styles.grid} data-testid={testId}>
      <SideCell side="base" label={M.conflictBase}>
        {sides.base === null ? (
          <span className={mergeClasses(styles.text, styles.muted)}>{M.conflictNoBase}</span>
        ) : (
          <pre className={styles.text}>{sides.base || M.conflictEmptyValue}</pre>
        )}
      </SideCell>
      {CHANGED_SIDES.map(({ side, label }) => (
        <SideCell key={side} side={side} label={label}>
          <MarkedText base={sides.base} text={sides[side]} />
        </SideCell>
      ))}
    </div>
  );
}

/** A field both sides changed: the blocks in conflict (body, summary) or the whole field. */
function BothSides({ outcome }: { outcome: FieldOutcome }) {
  const testId = `conflict-${outcome.field}`;
  if (!outcome.regions) return <ThreeSides sides={outcome} testId={testId} />;
  return (
    <>
      {outcome.regions.map((region, index, all) => (
        <div key={index}>
          {all.length > 1 && <Text size={200}>{M.conflictRegion(index + 1)}</Text>}
          <ThreeSides sides={region} testId={testId} />
        </div>
      ))}
    </>
  );
}

export interface ConflictFieldsProps {
  outcomes: FieldOutcome[];
  /** While merging by hand: the owner's choice for a field both sides changed. */
  renderChoice?: (outcome: FieldOutcome) => ReactNode;
}

/**
 * Every field with what the merge against the base did with it; a field both sides changed also
 * shows the base, the server's text and the local one (for the body and the summary in conflict
 * only the overlapping blocks), with what each side changed marked.
 */
export function ConflictFields({ outcomes, renderChoice }: ConflictFieldsProps) {
  const styles = useStyles();
  return (
    <div role="list" aria-label={M.conflictFieldsTitle}>
      {outcomes.map((outcome) => {
        const label = CONFLICT_FIELD_LABELS[outcome.field];
        const both = changedOnBothSides(outcome);
        const shownValue = SHORT_FIELDS.has(outcome.field) && !both ? outcome.merged : '';
        const mergedValue = SHORT_FIELDS.has(outcome.field) && outcome.kind === 'merged' ? outcome.merged : '';
        // A block field says its value like a short one: what stays, or what the merge made of both.
        const blockValue = BLOCK_FIELDS.has(outcome.field) && outcome.kind !== 'conflict' ? outcome.merged : '';
        return (
          <section
            key={outcome.field}
            role="listitem"
            aria-label={label}
            className={styles.field}
            data-field={outcome.field}
            data-outcome={outcome.kind}
          >
            <div className={styles.head}>
              <Text weight="semibold" className={styles.label}>
                {label}
              </Text>
              <Badge appearance="tint" color={OUTCOMES[outcome.kind].color}>
                {OUTCOMES[outcome.kind].text}
              </Badge>
              {shownValue && <Text className={styles.value}>{shownValue}</Text>}
              {mergedValue && <Text className={styles.value}>{M.conflictMergedValue(mergedValue)}</Text>}
            </div>
            {blockValue && (
              <Text block className={styles.blockValue} data-testid={`conflict-value-${outcome.field}`}>
                {outcome.kind === 'merged' ? M.conflictMergedValue(blockValue) : blockValue}
              </Text>
            )}
            {both && <BothSides outcome={outcome} />}
            {both && renderChoice?.(outcome)}
          </section>
        );
      })}
    </div>
  );
}
