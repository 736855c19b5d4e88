import { useState } from 'react';
import { SNACKBAR_MS, tagsAreWellFormed, UiMessages } from '@folio/shared';
import { ApiError } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import type { ArticleFields } from '../api/articles.api';
import { createArticle, updateArticle } from '../api/articles.api';

/** Validates (SPEC 5) and saves an article; resolves to the saved id, or null when nothing was saved. */
export function useArticleSave() {
  const api = useAdminApi();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [attempted, setAttempted] = useState(false);

  const save = async (id: number | null, fields: ArticleFields): Promise<number | null> => {
    setAttempted(true);
    if (!fields.title.trim() || !fields.content.trim()) {
      notify(UiMessages.titleAndContentRequired, 'error', SNACKBAR_MS.articles);
      return null;
    }
    if (!tagsAreWellFormed(fields.tags)) {
      notify(UiMessages.tagsInvalid, 'error', SNACKBAR_MS.articles);
      return null;
    }
    setSaving(true);
    try {
      const response = id === null ? await createArticle(api, fields) : await updateArticle(api, id, fields);
      notify(UiMessages.saved, 'success', SNACKBAR_MS.articles);
      setAttempted(false);
      return response.data.id;
    } catch (error) {
      const detail = error instanceof ApiError && error.status === 400 ? `：${error.message}` : '';
      notify(`${UiMessages.saveFailed}${detail}`, 'error', SNACKBAR_MS.articles);
      return null;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, attempted, reset: () => setAttempted(false) };
}
