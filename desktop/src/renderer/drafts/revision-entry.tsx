import { useMemo } from 'react';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import type { DraftRevision } from '../../channels';
import { formatDateTime } from '../web-admin';
import { CHANGED_LINES_SHOWN, revisionChanges } from './revision-changes';

export const useRevisionStyles = makeStyles({
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  lines: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  line: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2 },
  removed: { backgroundColor: tokens.colorPaletteRedBackground2, textDecorationLine: 'line-through' },
  legend: { display: 'block', marginBottom: tokens.spacingVerticalS },
  swatch: { display: 'inline-block', padding: `0 ${tokens.spacingHorizontalXS}`, marginRight: tokens.spacingHorizontalS },
});

export interface RevisionEntryProps {
  revision: DraftRevision;
  current: ArticleFields;
  busy: boolean;
  onRestore: () => void;
}

/** One snapshot: when, how long, and what it differs in from the current text. */
export function RevisionEntry({ revision, current, busy, onRestore }: RevisionEntryProps) {
  const styles = useRevisionStyles();
  const changes = useMemo(() => revisionChanges(revision.fields, current), [revision.fields, current]);
  const hidden = changes.lines.length - CHANGED_LINES_SHOWN;
  return (
    <li className={styles.item} data-testid="revision">
      <Text weight="semibold">{M.revisionLabel(formatDateTime(revision.savedAt), revision.fields.content.length)}</Text>
      <Text size={200} data-testid="revision-summary">
        {changes.same
          ? M.revisionSameAsCurrent
          : M.revisionAgainstCurrent(changes.counts.added, changes.counts.removed, changes.counts.changed)}
      </Text>
      {changes.title !== null && <Text size={200}>{M.revisionTitleWas(changes.title)}</Text>}
      {changes.otherFields.length > 0 && (
        <Text size={200} className={styles.muted}>
          {M.revisionOtherFields(changes.otherFields.join('、'))}
        </Text>
      )}
      {changes.lines.length > 0 && (
        <div className={styles.lines} data-testid="revision-lines">
          {changes.lines.slice(0, CHANGED_LINES_SHOWN).map((line, lineIndex) => (
            <div key={lineIndex} className={styles.line}>
              {line.map((run, runIndex) => (
                <span
                  key={runIndex}
                  className={run.kind === 'same' ? undefined : run.kind === 'added' ? styles.added : styles.removed}
                  data-change={run.kind === 'same' ? undefined : run.kind}
                >
                  {run.text}
                </span>
              ))}
            </div>
          ))}
          {hidden > 0 && <div className={styles.muted}>{M.revisionMoreLines(hidden)}</div>}
        </div>
      )}
      <div>
        <Button size="small" icon={<HistoryRegular />} disabled={busy || changes.same} onClick={onRestore}>
          {M.restoreRevision}
        </Button>
      </div>
    </li>
  );
}

/** What the marks in the entries mean. */
export function RevisionLegend() {
  const styles = useRevisionStyles();
  return (
    <Text size={200} className={mergeClasses(styles.muted, styles.legend)}>
      <span className={mergeClasses(styles.swatch, styles.removed)}>{M.revisionOnlyHere}</span>
      <span className={mergeClasses(styles.swatch, styles.added)}>{M.revisionOnlyCurrent}</span>
    </Text>
  );
}
