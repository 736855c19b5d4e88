import { useSearchParams } from 'react-router-dom';
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { PageHeader } from '../../components/page-header';
import { RecycleBinView } from '../../recycle-bin/components/recycle-bin-view';
import { ArticleListView } from './article-list-view';
import { AdminUiMessages } from '@folio/shared';

const useStyles = makeStyles({ tabs: { marginBottom: tokens.spacingVerticalM } });

/** 文章管理: the article list and, as a second view, the recycle bin. */
export default function ArticlesPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'recycle-bin' ? 'recycle-bin' : 'list';
  return (
    <section>
      <PageHeader title={AdminUiMessages.tabArticles} />
      <TabList
        className={styles.tabs}
        selectedValue={view}
        onTabSelect={(_, data) => setParams(data.value === 'recycle-bin' ? { view: 'recycle-bin' } : {})}
      >
        <Tab value="list">{AdminUiMessages.articleList}</Tab>
        <Tab value="recycle-bin">{AdminUiMessages.recycleBin}</Tab>
      </TabList>
      {view === 'list' ? <ArticleListView /> : <RecycleBinView />}
    </section>
  );
}
