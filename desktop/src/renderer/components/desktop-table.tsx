import type { ReactNode } from 'react';
import { mergeClasses, Table, TableBody, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useTableStyles } from './table.styles';

export interface DesktopTableColumn {
  key: string;
  /** The header cell's content; none for a column of buttons. */
  header?: ReactNode;
  /** A width class from useTableStyles (or the table's own), applied to the header cell. */
  className?: string;
}

/**
 * The desktop's tables (drafts, mirror, import preview and report): small, fixed layout, one
 * header row; the caller renders the body rows.
 */
export function DesktopTable({
  label,
  columns,
  className,
  children,
}: {
  label: string;
  columns: readonly DesktopTableColumn[];
  className?: string;
  children: ReactNode;
}) {
  const table = useTableStyles();
  return (
    <Table size="small" aria-label={label} className={mergeClasses(table.table, className)}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column.key} className={column.className}>
              {column.header}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
