import { useState } from 'react';
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, DocumentArrowUpRegular, SearchRegular, SparkleRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  search: { display: 'flex', gap: tokens.spacingHorizontalS, marginLeft: 'auto', flexWrap: 'nowrap', minWidth: 'min(100%, 280px)' },
  input: { flex: 1, minWidth: 0 },
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

export function ArticlesToolbar({ selectedCount, busy, onCreate, onBatchDelete, onBatchAi, onImport, onSearch }: ArticlesToolbarProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
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
      <div className={styles.search}>
        <Input
          className={styles.input}
          value={text}
          placeholder="按标题搜索"
          aria-label="按标题搜索"
          contentBefore={<SearchRegular />}
          onChange={(_, data) => setText(data.value)}
          onKeyDown={(event) => event.key === 'Enter' && onSearch(text.trim())}
        />
        <Button onClick={() => onSearch(text.trim())}>搜索</Button>
      </div>
    </div>
  );
}
