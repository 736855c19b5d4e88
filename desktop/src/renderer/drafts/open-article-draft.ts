import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DesktopUiMessages, pickArticleFields } from '@folio/shared';
import type { DraftSummary } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';

/** Drafts being started per article: two clicks (or a remount) must not start two drafts of it. */
const starting = new Map<number, Promise<string>>();

/**
 * The draft that edits a server article: the existing one if the owner already started, else a
 * new one from the server's copy (the mirror's while offline), remembering its revision for the
 * If-Match of the publish. Without `drafts`, the list is asked for.
 */
export function draftForArticle(articleId: number, drafts?: DraftSummary[]): Promise<string> {
  const existing = drafts?.find((draft) => draft.articleId === articleId);
  if (existing) return Promise.resolve(existing.id);
  const running = starting.get(articleId);
  if (running) return running;
  const started = startDraftOf(articleId, drafts).finally(() => starting.delete(articleId));
  starting.set(articleId, started);
  return started;
}

async function startDraftOf(articleId: number, known: DraftSummary[] | undefined): Promise<string> {
  const bridge = folioBridge();
  const drafts = known ?? (await call(bridge.drafts.list()));
  const existing = drafts.find((draft) => draft.articleId === articleId);
  if (existing) return existing.id;
  const opened = await call(bridge.mirror.get({ id: articleId }));
  if (!opened) throw new Error(DesktopUiMessages.articleNotMirrored);
  const { article } = opened;
  const draft = await call(bridge.drafts.save({ articleId, baseRevision: article.revision, fields: pickArticleFields(article) }));
  return draft.id;
}

/** Opens the draft of a server article in the editor; `openError` says why it could not. */
export function useOpenArticleDraft(drafts: DraftSummary[]): { open: (articleId: number) => Promise<void>; openError: string } {
  const navigate = useNavigate();
  const [openError, setOpenError] = useState('');
  const open = async (articleId: number) => {
    try {
      navigate(`/drafts/${await draftForArticle(articleId, drafts)}`);
    } catch (failure) {
      setOpenError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return { open, openError };
}
