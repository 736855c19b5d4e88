import { useState } from 'react';
import { articleCreateSchema, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminArticleDetail, ArticleFields } from '@folio/shared';
import { ApiError } from '../../../../lib/api-client';
import { firstIssueMessage } from '../../../../lib/first-issue';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import type { ArticlePublicationChange } from '../api/articles.api';
import { createArticle, ifMatchRevision, updateArticle } from '../api/articles.api';
import { drawMissingDiagrams } from '../model/draw-diagrams';

/** The server's copy in a 412 answer: the article as it is now, after the change made elsewhere. */
function currentCopyOf(error: unknown): AdminArticleDetail | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const data = error.data as Partial<AdminArticleDetail> | null;
  return data && typeof data.revision === 'number' && typeof data.content === 'string' ? (data as AdminArticleDetail) : null;
}

/**
 * Validates (docs/spec.md §5) and saves an article; resolves to the saved article, or null when nothing
 * was saved. An edit sends the revision it was loaded at as `If-Match`, so when the article was
 * changed elsewhere meanwhile the server refuses (412) and `conflict` holds its current copy.
 * `publication` sets the status and schedule too (server/API.md §E8); without it a create is
 * published and an edit keeps its status, as the original client's saves do.
 */
export function useArticleSave() {
  const api = useAdminApi();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [conflict, setConflict] = useState<AdminArticleDetail | null>(null);

  const save = async (
    id: number | null,
    fields: ArticleFields,
    revision?: number,
    publication: ArticlePublicationChange = {},
    successMessage: string = UiMessages.saved,
  ): Promise<AdminArticleDetail | null> => {
    setAttempted(true);
    // The schema the server parses the body with: its first broken rule is the message it would send
    // (a draft needs a title or a body, anything readers may see both).
    const invalid = firstIssueMessage(articleCreateSchema.safeParse({ ...fields, ...publication }));
    if (invalid) {
      notify(invalid, 'error', SNACKBAR_MS.articles);
      return null;
    }
    setSaving(true);
    try {
      const body = { ...fields, ...publication };
      const response =
        id === null ? await createArticle(api, body) : await updateArticle(api, id, body, ifMatchRevision(revision));
      notify(successMessage, 'success', SNACKBAR_MS.articles);
      setAttempted(false);
      void drawMissingDiagrams(api, response.data);
      return response.data;
    } catch (error) {
      const current = currentCopyOf(error);
      if (current) {
        setConflict(current);
        return null;
      }
      const detail = error instanceof ApiError && error.status === 400 ? `：${error.message}` : '';
      notify(`${UiMessages.saveFailed}${detail}`, 'error', SNACKBAR_MS.articles);
      return null;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, attempted, reset: () => setAttempted(false), conflict, clearConflict: () => setConflict(null) };
}
