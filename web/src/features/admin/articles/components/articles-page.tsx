import { useSearchParams } from 'react-router-dom';
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { PageHeader } from '../../components/page-header';
import { RecycleBinView } from '../../recycle-bin/components/recycle-bin-view';
import { ArticleListView } from './article-list-view';

const useStyles = makeStyles({ tabs: { marginBottom: tokens.spacingVerticalM } });

/** 文章管理: the article list and, as a second view, the recycle bin. */
export default function ArticlesPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'recycle-bin' ? 'recycle-bin' : 'list';
  return (
    <section>
      <PageHeader title="文章管理" />
      <TabList
        className={styles.tabs}
        selectedValue={view}
        onTabSelect={(_, data) => setParams(data.value === 'recycle-bin' ? { view: 'recycle-bin' } : {})}
      >
        <Tab value="list">文章列表</Tab>
        <Tab value="recycle-bin">回收站</Tab>
      </TabList>
      {view === 'list' ? <ArticleListView /> : <RecycleBinView />}
    </section>
  );
}
