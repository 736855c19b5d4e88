import type { BadgeProps } from '@fluentui/react-components';
import { Badge, TableCell, TableRow, Text } from '@fluentui/react-components';
import { DesktopUiMessages as M } from '@folio/shared';
import type { ImportReport } from '../../channels';
import { DesktopTable } from '../components/desktop-table';
import { useTableStyles } from '../components/table.styles';

type ResultStatus = ImportReport['files'][number]['status'];

const LOOK: Record<ResultStatus, { label: string; color: BadgeProps['color'] }> = {
  imported: { label: M.resultImported, color: 'success' },
  updated: { label: M.resultUpdated, color: 'brand' },
  skipped: { label: M.resultSkipped, color: 'informative' },
  failed: { label: M.resultFailed, color: 'danger' },
};

/** One line per file: what happened to it and, when it did not go in (or went in with a warning), why. */
export function ImportReportTable({ report }: { report: ImportReport }) {
  const table = useTableStyles();
  return (
    <DesktopTable
      label={M.importReport}
      columns={[
        { key: 'file', header: M.columnFile },
        { key: 'state', header: M.columnState, className: table.state },
        { key: 'problems', header: M.columnProblems },
      ]}
    >
      {report.files.map((file) => (
        <TableRow key={file.path} data-testid="import-result" data-status={file.status}>
          <TableCell>
            <div className={table.ellipsis} title={file.title}>
              {file.title || M.untitled}
            </div>
            <Text size={200} className={table.ellipsis} title={file.path}>
              {file.relativePath}
            </Text>
          </TableCell>
          <TableCell className={table.state}>
            <Badge appearance="tint" color={LOOK[file.status].color}>
              {LOOK[file.status].label}
            </Badge>
          </TableCell>
          <TableCell>
            <Text size={200}>{[file.reason, ...file.warnings].filter(Boolean).join('；')}</Text>
          </TableCell>
        </TableRow>
      ))}
    </DesktopTable>
  );
}
