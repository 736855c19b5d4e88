import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, DocumentArrowUpRegular, SparkleRegular } from '@fluentui/react-icons';

import { SearchField } from '../../components/search-field';
import { AdminUiMessages } from '@folio/shared';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  search: { marginLeft: 'auto', minWidth: 'min(100%, 280px)' },
});

export interface ArticlesToolbarProps {
  selectedCount: number;
  busy: boolean;
  onCreate: () => void;
  onBatchDelete: () => void;
  onBatchAi: () => void;
  onImport: () => void;
  onSearch: (search: string) => void;
}

export function ArticlesToolbar({
  selectedCount,
  busy,
  onCreate,
  onBatchDelete,
  onBatchAi,
  onImport,
  onSearch,
}: ArticlesToolbarProps) {
  const styles = useStyles();
  return (
    <div className={styles.bar} role="toolbar" aria-label={AdminUiMessages.articleActions}>
      <Button appearance="primary" icon={<AddRegular />} onClick={onCreate}>
        {AdminUiMessages.newArticle}
      </Button>
      <Button icon={<DeleteRegular />} onClick={onBatchDelete} disabled={selectedCount === 0 || busy}>
        {AdminUiMessages.batchDelete}
      </Button>
      <Button icon={<SparkleRegular />} onClick={onBatchAi} disabled={selectedCount === 0 || busy}>
        {AdminUiMessages.batchAi}
      </Button>
      <Button icon={<DocumentArrowUpRegular />} onClick={onImport} disabled={busy}>
        {AdminUiMessages.batchImportMd}
      </Button>
      <SearchField className={styles.search} label={AdminUiMessages.searchByTitle} onSearch={onSearch} />
    </div>
  );
}
