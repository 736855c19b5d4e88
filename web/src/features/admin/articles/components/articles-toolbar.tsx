import { Button, makeStyles, Select, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, DocumentArrowUpRegular, DocumentEditRegular, SparkleRegular } from '@fluentui/react-icons';

import { SearchField } from '../../components/search-field';
import { AdminUiMessages } from '@folio/shared';
import type { StatusFilter } from '../model/article-status';
import { STATUS_FILTERS } from '../model/article-status';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  filters: {
    display: 'flex',
    flexWrap: 'nowrap',
    gap: tokens.spacingHorizontalS,
    marginLeft: 'auto',
    minWidth: 'min(100%, 400px)',
  },
  status: { flex: '0 0 auto', width: '104px' },
  search: { flex: 1, minWidth: 0 },
});

export interface ArticlesToolbarProps {
  selectedCount: number;
  busy: boolean;
  /** Opens the full-page editor for a new article: the one way to write, and the primary button. */
  onWrite: () => void;
  /**
   * Opens the quick dialog for a new article (docs/spec.md §2.5), named 快速新增 so the two ways to
   * start an article do not share one name; absent where articles are only written on the page.
   */
  onQuickCreate?: () => void;
  onBatchDelete: () => void;
  onBatchAi: () => void;
  onImport: () => void;
  onSearch: (search: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
}

export function ArticlesToolbar({
  selectedCount,
  busy,
  onWrite,
  onQuickCreate,
  onBatchDelete,
  onBatchAi,
  onImport,
  onSearch,
  status,
  onStatusChange,
}: ArticlesToolbarProps) {
  const styles = useStyles();
  return (
    <div className={styles.bar} role="toolbar" aria-label={AdminUiMessages.articleActions}>
      <Button appearance="primary" icon={<DocumentEditRegular />} onClick={onWrite}>
        {AdminUiMessages.writeArticle}
      </Button>
      {onQuickCreate && (
        <Button icon={<AddRegular />} onClick={onQuickCreate}>
          {AdminUiMessages.quickNewArticle}
        </Button>
      )}
      <Button icon={<DeleteRegular />} onClick={onBatchDelete} disabled={selectedCount === 0 || busy}>
        {AdminUiMessages.batchDelete}
      </Button>
      <Button icon={<SparkleRegular />} onClick={onBatchAi} disabled={selectedCount === 0 || busy}>
        {AdminUiMessages.batchAi}
      </Button>
      <Button icon={<DocumentArrowUpRegular />} onClick={onImport} disabled={busy}>
        {AdminUiMessages.batchImportMd}
      </Button>
      <div className={styles.filters}>
        <Select
          className={styles.status}
          aria-label={AdminUiMessages.statusFilter}
          value={status}
          onChange={(_, data) => onStatusChange(data.value as StatusFilter)}
        >
          {STATUS_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </Select>
        <SearchField className={styles.search} label={AdminUiMessages.searchByTitle} onSearch={onSearch} />
      </div>
    </div>
  );
}
