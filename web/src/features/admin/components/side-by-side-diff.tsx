import { useMemo } from 'react';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { DiffCell, DiffRow } from '@folio/shared/text-diff';
import { sideBySideDiff } from '@folio/shared/text-diff';

/** What the two columns are (their headings, and the legend of the lines only one of them has). */
export interface SideBySideDiffLabels {
  /** Names the whole comparison for assistive technology. */
  region: string;
  left: string;
  right: string;
  onlyLeft: string;
  onlyRight: string;
}

export interface SideBySideDiffProps {
  /** The older or other text; what only it has is tinted red. */
  left: string;
  /** The newer or own text; what only it has is tinted green. */
  right: string;
  labels: SideBySideDiffLabels;
  /** Whether to explain the colours above the columns; several diffs in a row need it once. */
  legend?: boolean;
}

type Side = 'left' | 'right';

const useStyles = makeStyles({
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'auto',
    maxHeight: '55vh',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // Text columns may shrink to nothing and wrap: on a phone the two sides still fit the screen.
  grid: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) auto minmax(0, 1fr)' },
  head: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    gridColumn: 'span 2',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  // A width of its own even when a side has no lines, so stacked diffs line their columns up.
  lineNo: {
    minWidth: '2em',
    padding: `0 ${tokens.spacingHorizontalS}`,
    textAlign: 'right',
    color: tokens.colorNeutralForeground4,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
    userSelect: 'none',
  },
  cell: {
    margin: 0,
    padding: `0 ${tokens.spacingHorizontalM} 0 ${tokens.spacingHorizontalXS}`,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    minHeight: tokens.lineHeightBase300,
  },
  divider: { borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  rightLine: { backgroundColor: tokens.colorPaletteGreenBackground1 },
  leftLine: { backgroundColor: tokens.colorPaletteRedBackground1 },
  rightWord: { backgroundColor: tokens.colorPaletteGreenBackground3, color: tokens.colorNeutralForegroundOnBrand },
  leftWord: { backgroundColor: tokens.colorPaletteRedBackground3, color: tokens.colorNeutralForegroundOnBrand },
  empty: { backgroundColor: tokens.colorNeutralBackground4 },
  legend: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  swatch: {
    display: 'inline-block',
    width: '12px',
    height: '12px',
    marginRight: tokens.spacingHorizontalXS,
    verticalAlign: 'middle',
  },
});

/**
 * Two versions of a text side by side, line against line (@folio/shared/text-diff), with the lines
 * only one side has tinted and, inside an edited line, the words that differ marked. The desktop's
 * conflict view and the admin's history both show their texts with it.
 */
export function SideBySideDiff({ left, right, labels, legend = true }: SideBySideDiffProps) {
  const styles = useStyles();
  const rows = useMemo(() => sideBySideDiff(left, right), [left, right]);
  return (
    <>
      {legend && (
        <div className={styles.legend}>
          <Text size={200}>
            <span className={mergeClasses(styles.swatch, styles.leftWord)} aria-hidden />
            {labels.onlyLeft}
          </Text>
          <Text size={200}>
            <span className={mergeClasses(styles.swatch, styles.rightWord)} aria-hidden />
            {labels.onlyRight}
          </Text>
        </div>
      )}
      <div className={styles.frame} role="region" aria-label={labels.region}>
        <div className={styles.grid}>
          <Text weight="semibold" className={mergeClasses(styles.head, styles.divider)}>
            {labels.left}
          </Text>
          <Text weight="semibold" className={styles.head}>
            {labels.right}
          </Text>
          {rows.map((row, index) => (
            <DiffRowView key={index} row={row} />
          ))}
        </div>
      </div>
    </>
  );
}

function DiffRowView({ row }: { row: DiffRow }) {
  const changed = row.kind !== 'same';
  return (
    <>
      <DiffCellView cell={row.left} side="left" changed={changed} />
      <DiffCellView cell={row.right} side="right" changed={changed} />
    </>
  );
}

function DiffCellView({ cell, side, changed }: { cell: DiffCell | null; side: Side; changed: boolean }) {
  const styles = useStyles();
  const lineTint = side === 'right' ? styles.rightLine : styles.leftLine;
  const wordTint = side === 'right' ? styles.rightWord : styles.leftWord;
  const tint = changed ? (cell === null ? styles.empty : lineTint) : undefined;
  return (
    <>
      <span className={mergeClasses(styles.lineNo, tint)}>{cell?.lineNo ?? ''}</span>
      <pre
        className={mergeClasses(styles.cell, tint, side === 'left' && styles.divider)}
        data-side={side}
        data-changed={changed ? 'true' : undefined}
      >
        {cell?.segments
          ? cell.segments.map((segment, index) => (
              <span key={index} className={segment.kind === 'same' ? undefined : wordTint}>
                {segment.text}
              </span>
            ))
          : (cell?.text ?? '')}
      </pre>
    </>
  );
}
