import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { AdminUiMessages, LIMITS, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminArticleListItem, MarkdownImportSummary } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { LoadingOverlay } from '../../components/loading-overlay';
import { Pagination } from '../../components/pagination';
import { useAdminServices } from '../../hooks/admin-services';
import { pickFilesWithInput, useAdminPlatform } from '../../platform';
import { batchDeleteArticles, deleteArticle, importMarkdown } from '../api/articles.api';
import { drawDiagramsOfArticles } from '../model/draw-diagrams';
import { useArticleList } from '../hooks/use-article-list';
import { useBatchAi } from '../hooks/use-batch-ai';
import { ArticleEditorDialog } from './article-editor-dialog';
import { ArticlesToolbar } from './articles-toolbar';
import { ArticleTable } from './article-table';
import { BatchAiBanner } from './batch-ai-banner';
import { ImportReportDialog } from './import-report-dialog';

const useStyles = makeStyles({ stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

const duration = SNACKBAR_MS.articles;

/** The article table with its toolbar, dialogs and batch actions. */
export function ArticleListView() {
  const styles = useStyles();
  const { api, notify, basePath } = useAdminServices();
  const navigate = useNavigate();
  const platform = useAdminPlatform();
  const list = useArticleList();
  const { selected } = list;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirmBatch, setConfirmBatch] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<AdminArticleListItem | null>(null);
  const [report, setReport] = useState<MarkdownImportSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = list.load;
  const batch = useBatchAi(useCallback(() => void reload(), [reload]));

  const runBatchDelete = async () => {
    setBusy(true);
    try {
      const ids = [...selected];
      // One id goes through the single delete, as the original client does.
      if (ids.length === 1 && ids[0] !== undefined) await deleteArticle(api, ids[0]);
      else await batchDeleteArticles(api, ids);
      notify(UiMessages.deleted, 'success', duration);
      list.forgetDeleted(ids);
    } catch (error) {
      notify(`${UiMessages.deleteFailed}: ${errorMessage(error, UiMessages.networkError)}`, 'error', duration);
    } finally {
      setConfirmBatch(false);
      setBusy(false);
      await list.load();
    }
  };

  const runDelete = async () => {
    if (!pendingDelete) return;
    setBusy(true);
    try {
      await deleteArticle(api, pendingDelete.id);
      notify(UiMessages.deleted, 'success', duration);
      list.forgetDeleted([pendingDelete.id]);
    } catch (error) {
      notify(`${UiMessages.deleteFailed}: ${errorMessage(error, UiMessages.networkError)}`, 'error', duration);
    } finally {
      setPendingDelete(null);
      setBusy(false);
      await list.load();
    }
  };

  const runImport = async () => {
    const files = await (platform.pickFiles ?? pickFilesWithInput)({ accept: '.md,.markdown,text/markdown', multiple: true });
    if (files.length === 0) return;
    if (files.length > LIMITS.markdownFiles) {
      notify(`${UiMessages.importFailed}: ${AdminUiMessages.importTooManyFiles(LIMITS.markdownFiles)}`, 'error', duration);
      return;
    }
    setBusy(true);
    try {
      const response = await importMarkdown(api, files);
      setReport(response.data);
      // In the background, as the editor does after a save: imported diagrams become images.
      void drawDiagramsOfArticles(api, response.data.imported_ids);
      notify(response.msg, response.data.skipped_count > 0 ? 'warning' : 'success', duration);
    } catch (error) {
      notify(errorMessage(error, UiMessages.importFailed), 'error', duration);
    } finally {
      setBusy(false);
      await list.load();
    }
  };

  const startBatchAi = () => {
    if (selected.size === 0) {
      notify(AdminUiMessages.batchAiNothingSelected, 'warning', duration);
      return;
    }
    void batch.run([...selected]);
  };

  return (
    <div className={styles.stack}>
      <ArticlesToolbar
        selectedCount={selected.size}
        busy={busy || batch.progress.running}
        onWrite={() => navigate(`${basePath}/articles/new`)}
        onQuickCreate={platform.editArticlesOnPage ? undefined : () => setEditing('new')}
        onBatchDelete={() => setConfirmBatch(true)}
        onBatchAi={startBatchAi}
        onImport={() => void runImport()}
        onSearch={list.setSearch}
        status={list.status}
        onStatusChange={list.setStatusFilter}
      />
      <BatchAiBanner progress={batch.progress} onCancel={batch.cancel} onDismiss={batch.dismiss} />
      {list.articles.length === 0 && !list.loading ? (
        <EmptyState text={UiMessages.noArticles} />
      ) : (
        <ArticleTable
          articles={list.articles}
          selected={selected}
          onSelectedChange={list.setSelected}
          onEdit={(id) => (platform.editArticlesOnPage ? navigate(`${basePath}/articles/${id}/edit`) : setEditing(id))}
          onDelete={setPendingDelete}
        />
      )}
      <Pagination
        page={list.page}
        perPage={list.perPage}
        total={list.total}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerPage}
      />
      <LoadingOverlay visible={list.loading || busy} />
      <ArticleEditorDialog
        target={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void list.load();
        }}
      />
      <ConfirmDialog
        open={confirmBatch}
        title={UiMessages.confirmDelete}
        busy={busy}
        onCancel={() => setConfirmBatch(false)}
        onConfirm={() => void runBatchDelete()}
      >
        {UiMessages.confirmDeleteArticles}
      </ConfirmDialog>
      <ConfirmDialog
        open={pendingDelete !== null}
        title={UiMessages.confirmDelete}
        busy={busy}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void runDelete()}
      >
        {pendingDelete ? AdminUiMessages.deleteArticleConfirm(pendingDelete.title) : ''}
      </ConfirmDialog>
      <ImportReportDialog report={report} onClose={() => setReport(null)} />
    </div>
  );
}
