import { useMemo } from 'react';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { DesktopUiMessages as M } from '@folio/shared';
import type { DiffCell, DiffRow } from '../../common/text-diff';
import { sideBySideDiff } from '../../common/text-diff';

const useStyles = makeStyles({
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'auto',
    maxHeight: '55vh',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  grid: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) auto minmax(0, 1fr)', minWidth: '600px' },
  head: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    gridColumn: 'span 2',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  lineNo: {
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
  mineLine: { backgroundColor: tokens.colorPaletteGreenBackground1 },
  theirsLine: { backgroundColor: tokens.colorPaletteRedBackground1 },
  mineWord: { backgroundColor: tokens.colorPaletteGreenBackground3, color: tokens.colorNeutralForegroundOnBrand },
  theirsWord: { backgroundColor: tokens.colorPaletteRedBackground3, color: tokens.colorNeutralForegroundOnBrand },
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
 * The server's body and the local one side by side, line against line (common/text-diff.ts), with
 * the lines only one side has tinted and, inside an edited line, the words that differ marked.
 */
export function SideBySideDiff({ mine, theirs }: { mine: string; theirs: string }) {
  const styles = useStyles();
  const rows = useMemo(() => sideBySideDiff(theirs, mine), [mine, theirs]);
  return (
    <>
      <div className={styles.legend}>
        <Text size={200}>
          <span className={mergeClasses(styles.swatch, styles.theirsWord)} aria-hidden />
          {M.conflictRemoved}
        </Text>
        <Text size={200}>
          <span className={mergeClasses(styles.swatch, styles.mineWord)} aria-hidden />
          {M.conflictAdded}
        </Text>
      </div>
      <div className={styles.frame} role="region" aria-label={M.conflictTitle}>
        <div className={styles.grid}>
          <Text weight="semibold" className={mergeClasses(styles.head, styles.divider)}>
            {M.conflictTheirs}
          </Text>
          <Text weight="semibold" className={styles.head}>
            {M.conflictMine}
          </Text>
          {rows.map((row, index) => (
            <Row key={index} row={row} />
          ))}
        </div>
      </div>
    </>
  );
}

function Row({ row }: { row: DiffRow }) {
  const styles = useStyles();
  const changed = row.kind !== 'same';
  return (
    <>
      <Cell cell={row.left} side="theirs" changed={changed} />
      <Cell cell={row.right} side="mine" changed={changed} />
    </>
  );
  function Cell({ cell, side, changed }: { cell: DiffCell | null; side: 'mine' | 'theirs'; changed: boolean }) {
    const lineTint = side === 'mine' ? styles.mineLine : styles.theirsLine;
    const wordTint = side === 'mine' ? styles.mineWord : styles.theirsWord;
    const tint = changed ? (cell === null ? styles.empty : lineTint) : undefined;
    return (
      <>
        <span className={mergeClasses(styles.lineNo, tint)}>{cell?.lineNo ?? ''}</span>
        <pre
          className={mergeClasses(styles.cell, tint, side === 'theirs' && styles.divider)}
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
}
