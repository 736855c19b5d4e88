import { Button, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { AdminUiMessages, PublicUiMessages } from '@folio/shared';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    paddingTop: tokens.spacingVerticalM,
  },
  group: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  perPageOptions?: number[];
  onPageChange: (page: number) => void;
  /** Changing the page size goes back to the first page (docs/spec.md §9). */
  onPerPageChange?: (perPage: number) => void;
}

export function Pagination({
  page,
  perPage,
  total,
  perPageOptions = [5, 10, 20, 50],
  onPageChange,
  onPerPageChange,
}: PaginationProps) {
  const styles = useStyles();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <div className={styles.bar} role="navigation" aria-label={AdminUiMessages.pagination}>
      {onPerPageChange && (
        <label className={styles.group}>
          <Text>{AdminUiMessages.rowsPerPage}</Text>
          <Select
            value={String(perPage)}
            onChange={(_, data) => onPerPageChange(Number(data.value))}
            aria-label={AdminUiMessages.rowsPerPage}
          >
            {perPageOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </label>
      )}
      <Text>{AdminUiMessages.pageRange(from, to, total)}</Text>
      <div className={styles.group}>
        <Button
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          aria-label={PublicUiMessages.previousPage}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        />
        <Text>{`${page} / ${pages}`}</Text>
        <Button
          appearance="subtle"
          icon={<ChevronRightRegular />}
          aria-label={PublicUiMessages.nextPage}
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        />
      </div>
    </div>
  );
}
