import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { TableRegular } from '@fluentui/react-icons';
import { StatsUiMessages as M } from '@folio/shared';
import { usePageStyles } from '../../components/page.styles';

const useStyles = makeStyles({
  figure: { margin: 0, position: 'relative', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  hint: { color: tokens.colorNeutralForeground3 },
  chart: { width: '100%', minWidth: 0 },
  // Out of sight but still in the accessibility tree: screen readers read the table either way.
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

/**
 * One chart with its caption and its numbers. The drawing is hidden from screen readers, which
 * read the table instead; sighted owners open the table with a button. The chart's height is
 * reserved before its data (and the chart library) arrive, so nothing below it moves.
 */
export function ChartFigure({
  caption,
  hint,
  height,
  chart,
  table,
  testId,
}: {
  caption: string;
  hint?: string;
  height: number;
  /** The chart, or null while loading. */
  chart: ReactNode;
  table: ReactNode;
  testId: string;
}) {
  const styles = useStyles();
  const page = usePageStyles();
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const captionId = useId();
  return (
    <figure className={mergeClasses(page.card, styles.figure)} aria-labelledby={captionId} data-testid={testId}>
      <div className={styles.head}>
        <Text as="h3" id={captionId} weight="semibold" size={400} className={page.heading}>
          {caption}
        </Text>
        <Button
          size="small"
          appearance="subtle"
          icon={<TableRegular />}
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? M.hideTable : M.showTable}
        </Button>
      </div>
      {hint && (
        <Text size={200} className={styles.hint}>
          {hint}
        </Text>
      )}
      <div className={styles.chart} style={{ height }} aria-hidden="true" data-testid={`${testId}-chart`}>
        {chart}
      </div>
      <div id={tableId} className={tableShown ? undefined : styles.visuallyHidden}>
        {table}
      </div>
    </figure>
  );
}
