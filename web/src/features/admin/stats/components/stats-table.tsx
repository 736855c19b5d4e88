import { makeStyles, tokens } from '@fluentui/react-components';
import { StatsUiMessages as M } from '@folio/shared';
import { formatCount } from '../model/stats-rows';

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200 },
  caption: { textAlign: 'start', fontWeight: tokens.fontWeightSemibold, paddingBottom: tokens.spacingVerticalXS },
  cell: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'start',
    overflowWrap: 'anywhere',
  },
  rowHeader: { fontWeight: tokens.fontWeightRegular },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

export interface StatsTableRow {
  key: string;
  label: string;
  /** Shown under the label, e.g. an article's path. */
  detail?: string;
  views: number;
  visitors: number;
}

/** The numbers behind one chart, as a plain table: what a screen reader reads instead of the chart. */
export function StatsTable({
  caption,
  labelColumn,
  rows,
  testId,
}: {
  caption: string;
  labelColumn: string;
  rows: readonly StatsTableRow[];
  testId: string;
}) {
  const styles = useStyles();
  return (
    <table className={styles.table} data-testid={testId}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.cell}>
            {labelColumn}
          </th>
          <th scope="col" className={`${styles.cell} ${styles.number}`}>
            {M.columnViews}
          </th>
          <th scope="col" className={`${styles.cell} ${styles.number}`}>
            {M.columnVisitors}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td className={styles.cell} colSpan={3}>
              {M.noRows}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${styles.cell} ${styles.rowHeader}`}>
                {row.label}
                {row.detail && row.detail !== row.label ? ` (${row.detail})` : ''}
              </th>
              <td className={`${styles.cell} ${styles.number}`}>{formatCount(row.views)}</td>
              <td className={`${styles.cell} ${styles.number}`}>{formatCount(row.visitors)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
