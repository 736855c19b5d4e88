import { useNavigate, useParams } from 'react-router-dom';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { AdminUiMessages as T } from '@folio/shared';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { ArticleHistoryButton } from '../../article-history/components/article-history-button';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useAdminServices } from '../../hooks/admin-services';
import { useConfirmLeave } from '../../hooks/use-unsaved-changes';
import { useArticleEditor } from '../hooks/use-article-editor';
import { useSaveKey } from '../hooks/use-save-key';
import { formatFullScheduleTime } from '../model/article-status';
import { ArticleConflictDialog } from './article-conflict-dialog';
import { ArticleForm } from './article-form';
import { AdminSlugField } from './slug-field';
import { ArticleStatusBadge } from './article-status-badge';
import { AdminPreviewLinksButton } from './preview-links-panel';
import { EditorActions } from './editor-actions';
import { RecoverDialog } from './recover-dialog';
import { SaveStateText } from './save-state-text';

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  top: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flex: '1 1 0', minWidth: 0 },
  title: { flex: 1, margin: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  actions: { marginLeft: 'auto' },
  actionsNarrow: { flex: '1 1 100%' },
  // One line of fixed height: the status and the save state change while typing, nothing below moves.
  meta: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '24px',
    overflow: 'hidden',
  },
  when: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  saveState: { maxWidth: '60vw', textAlign: 'right' },
  body: { maxWidth: '1280px', margin: '0 auto', padding: tokens.spacingHorizontalL, boxSizing: 'border-box' },
});

/**
 * /admin/articles/new and /admin/articles/{id}/edit: the article form on a page of its own, with
 * the status actions, the autosave's quiet state and the recovery of unsaved work.
 */
export default function ArticleEditorPage() {
  const styles = useStyles();
  const { basePath } = useAdminServices();
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const params = useParams();
  const narrow = useMediaQuery('(max-width: 599px)');
  const editor = useArticleEditor(params.id ? Number(params.id) : null);
  const { article } = editor;
  useSaveKey(() => void editor.saveNow());

  const when =
    article?.status === 'scheduled' && article.publishAt
      ? T.scheduledFor(formatFullScheduleTime(article.publishAt))
      : article?.status === 'published' && article.publishAt
        ? T.publishedAt(formatFullScheduleTime(article.publishAt))
        : '';

  return (
    <div className={styles.root}>
      <header className={styles.bar}>
        <div className={styles.top}>
          <div className={styles.heading}>
            <Button
              appearance="subtle"
              icon={<ArrowLeftRegular />}
              aria-label={T.backToList}
              onClick={() => confirmLeave() && navigate(`${basePath}/articles`)}
            >
              {narrow ? null : T.backToList}
            </Button>
            <Text as="h1" size={500} weight="semibold" className={styles.title}>
              {article === null && params.id === undefined ? T.newArticle : T.editArticle}
            </Text>
            {/* In the title's row, so its appearing once a new article exists moves nothing below. */}
            <ArticleHistoryButton
              articleId={article?.id ?? null}
              revision={article?.revision}
              onRestored={editor.adoptServerCopy}
              status={article?.status}
              onRestoredIntoEditor={editor.takeRestoredIntoEditor}
            />
            <AdminPreviewLinksButton articleId={article?.id ?? null} status={article?.status} />
          </div>
          <div className={narrow ? styles.actionsNarrow : styles.actions}>
            <EditorActions
              compact={narrow}
              status={article?.status ?? null}
              publishAt={article?.publishAt ?? null}
              disabled={editor.loading || editor.saving}
              onSaveDraft={editor.actions.saveDraft}
              onPublish={editor.actions.publish}
              onSchedule={editor.actions.schedule}
              onUnpublish={editor.actions.unpublish}
              notifySubscribers={
                article?.status === 'published' || article?.subscribersNotified
                  ? undefined
                  : { checked: editor.notifySubscribers, onChange: editor.setNotifySubscribers }
              }
            />
          </div>
        </div>
        <div className={styles.meta}>
          {article ? <ArticleStatusBadge status={article.status} publishAt={article.publishAt} /> : <span />}
          {/* The badge already names a schedule's time; the full date is for wide screens. */}
          <Text size={200} className={styles.when}>
            {narrow ? '' : when}
          </Text>
          <SaveStateText state={editor.saveState} className={styles.saveState} />
        </div>
      </header>
      <main className={styles.body}>
        {!editor.loading && (
          <>
            <ArticleForm value={editor.fields} onChange={editor.edit} showRequired={editor.attempted} editorHeight="60vh" />
            <AdminSlugField articleId={editor.article?.id ?? null} />
          </>
        )}
      </main>
      <LoadingOverlay visible={editor.loading} />
      <RecoverDialog offer={editor.offer} onRecover={editor.recover} onDiscard={editor.discardUnsaved} />
      <ArticleConflictDialog
        open={editor.conflict !== null}
        onReload={editor.reloadConflict}
        onKeepEditing={editor.keepEditingAfterConflict}
      />
    </div>
  );
}
