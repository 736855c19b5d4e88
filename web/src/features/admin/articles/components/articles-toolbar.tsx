import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, DocumentArrowUpRegular, SparkleRegular } from '@fluentui/react-icons';

import { SearchField } from '../../components/search-field';

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
    <div className={styles.bar} role="toolbar" aria-label="文章操作">
      <Button appearance="primary" icon={<AddRegular />} onClick={onCreate}>
        新增文章
      </Button>
      <Button icon={<DeleteRegular />} onClick={onBatchDelete} disabled={selectedCount === 0 || busy}>
        批量删除
      </Button>
      <Button icon={<SparkleRegular />} onClick={onBatchAi} disabled={selectedCount === 0 || busy}>
        批量AI分析
      </Button>
      <Button icon={<DocumentArrowUpRegular />} onClick={onImport} disabled={busy}>
        批量导入MD
      </Button>
      <SearchField className={styles.search} label="按标题搜索" onSearch={onSearch} />
    </div>
  );
}
