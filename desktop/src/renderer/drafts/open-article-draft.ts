import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DesktopUiMessages, pickArticleFields } from '@folio/shared';
import type { DraftSummary } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';

/**
 * The draft that edits a server article: the existing one if the owner already started, else a
 * new one from the mirrored copy, remembering its revision for the If-Match of the publish.
 */
export async function draftForArticle(articleId: number, drafts: DraftSummary[]): Promise<string> {
  const existing = drafts.find((draft) => draft.articleId === articleId);
  if (existing) return existing.id;
  const bridge = folioBridge();
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
