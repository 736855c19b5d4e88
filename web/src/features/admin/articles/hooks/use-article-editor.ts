import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AdminUiMessages as T,
  emptyArticleFields,
  pickArticleFields,
  sameArticleFields,
  SNACKBAR_MS,
  UiMessages,
} from '@folio/shared';
import type { AdminArticleDetail, ArticleFields, ArticleStatus } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminServices } from '../../hooks/admin-services';
import { useUnsavedChanges } from '../../hooks/use-unsaved-changes';
import type { ArticlePublicationChange } from '../api/articles.api';
import { discardAutosave, getArticle } from '../api/articles.api';
import { formatScheduleTime } from '../model/article-status';
import { drawMissingDiagrams } from '../model/draw-diagrams';
import type { RecoveryDecision } from '../model/unsaved-work';
import { decideRecovery, readBrowserCopy, removeBrowserCopy } from '../model/unsaved-work';
import { useArticleSave } from './use-article-save';
import { hasAnyText, useAutosave } from './use-autosave';
import { useScheduleFollow } from './use-schedule-follow';

/** The article behind the editor, as last loaded or saved. */
export interface EditorArticle {
  id: number;
  revision: number;
  status: ArticleStatus;
  publishAt: string | null;
  updatedAt: string;
  fields: ArticleFields;
}

function toEditorArticle(detail: AdminArticleDetail, fields: ArticleFields = pickArticleFields(detail)): EditorArticle {
  return {
    id: detail.id,
    revision: detail.revision,
    // A server from before statuses (or a desktop mirror) only has published articles.
    status: detail.status ?? 'published',
    publishAt: detail.publish_at ?? null,
    updatedAt: detail.updated_at,
    fields,
  };
}

const baseOf = (article: EditorArticle) => ({
  id: article.id,
  revision: article.revision,
  savedFields: article.fields,
  serverHasAutosave: false,
});

/**
 * The full-page editor's state (docs/spec.md §2.4): the article and its status, the fields being
 * edited with their autosave, the offer to recover unsaved work on opening, and the actions
 * 保存草稿 / 发布 / 定时发布 / 撤回为草稿 (server/API.md §E8, §E9).
 */
export function useArticleEditor(routeId: number | null) {
  const { api, notify, basePath } = useAdminServices();
  const navigate = useNavigate();
  const [article, setArticle] = useState<EditorArticle | null>(null);
  const [fields, setFields] = useState<ArticleFields>(emptyArticleFields);
  const fieldsRef = useRef(fields);
  const [loading, setLoading] = useState(routeId !== null);
  const [offer, setOffer] = useState<RecoveryDecision['offer']>(null);
  const saving = useArticleSave();
  /** The id this editor created, so the route changing to it does not load it again. */
  const createdId = useRef<number | null>(null);

  const showFields = useCallback((next: ArticleFields) => {
    fieldsRef.current = next;
    setFields(next);
  }, []);

  /** A new article now exists: the address becomes its own, without loading it again. */
  const followCreated = useCallback(
    (id: number) => {
      createdId.current = id;
      navigate(`${basePath}/articles/${id}/edit`, { replace: true });
    },
    [navigate, basePath],
  );
  const adoptCreated = useCallback(
    (created: AdminArticleDetail) => {
      setArticle(toEditorArticle(created));
      followCreated(created.id);
    },
    [followCreated],
  );
  const autosave = useAutosave(adoptCreated);
  const { storage, reset: resetAutosave } = autosave;

  useEffect(() => {
    if (routeId !== null && routeId === createdId.current) return undefined;
    setOffer(null);
    if (routeId === null) {
      setArticle(null);
      showFields(emptyArticleFields());
      resetAutosave({ id: null, revision: null, savedFields: null, serverHasAutosave: false });
      const decision = decideRecovery({ article: null, serverAutosave: null, browserCopy: readBrowserCopy(storage, null) });
      if (decision.dropBrowserCopy) removeBrowserCopy(storage, null);
      setOffer(decision.offer);
      return undefined;
    }
    if (!Number.isInteger(routeId) || routeId <= 0) {
      navigate(`${basePath}/articles`, { replace: true });
      return undefined;
    }
    let cancelled = false;
    setLoading(true);
    getArticle(api, routeId)
      .then(({ data }) => {
        if (cancelled) return;
        const loaded = toEditorArticle(data);
        setArticle(loaded);
        showFields(loaded.fields);
        const server = data.autosave ?? null;
        resetAutosave({ ...baseOf(loaded), serverHasAutosave: server !== null });
        const decision = decideRecovery({
          article: { fields: loaded.fields, updatedAt: loaded.updatedAt },
          serverAutosave: server && {
            fields: pickArticleFields(server),
            savedAt: server.saved_at,
            baseRevision: server.base_revision,
          },
          browserCopy: readBrowserCopy(storage, loaded.id),
        });
        if (decision.dropBrowserCopy) removeBrowserCopy(storage, loaded.id);
        if (decision.dropServerAutosave) void discardAutosave(api, loaded.id).catch(() => undefined);
        setOffer(decision.offer);
        void drawMissingDiagrams(api, data);
      })
      .catch((error: unknown) => {
        notify(errorMessage(error, UiMessages.networkError), 'error', SNACKBAR_MS.articles);
        if (!cancelled) navigate(`${basePath}/articles`, { replace: true });
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, notify, navigate, basePath, routeId, storage, resetAutosave, showFields]);

  const dirty = article ? !sameArticleFields(fields, article.fields) : hasAnyText(fields);
  useUnsavedChanges('article-editor', dirty);

  const edit = (patch: Partial<ArticleFields>) => {
    const next = { ...fieldsRef.current, ...patch };
    showFields(next);
    autosave.record(next);
  };

  const recover = () => {
    if (offer) edit(offer.fields);
    setOffer(null);
  };

  const discardUnsaved = () => {
    const { id, serverHasAutosave } = autosave.base.current;
    removeBrowserCopy(storage, id);
    if (id !== null && serverHasAutosave) {
      void discardAutosave(api, id).catch(() => undefined);
      autosave.base.current = { ...autosave.base.current, serverHasAutosave: false };
    }
    setOffer(null);
  };

  /** The article as the server holds it now (a 412's copy, a restored version): the editor shows it. */
  const adoptServerCopy = useCallback(
    (detail: AdminArticleDetail) => {
      const adopted = toEditorArticle(detail);
      setArticle(adopted);
      showFields(adopted.fields);
      void autosave.forget(baseOf(adopted));
    },
    [autosave, showFields],
  );

  // The schedule going out changes the status beside the editor, nothing the owner is typing.
  useScheduleFollow(article, (detail) =>
    setArticle((current) =>
      current?.id === detail.id
        ? { ...current, status: detail.status ?? 'published', publishAt: detail.publish_at ?? null }
        : current,
    ),
  );

  /** Saves the fields as the article with this status; the unsaved copies go once it is saved. */
  const submit = async (publication: ArticlePublicationChange, successMessage: string): Promise<boolean> => {
    await autosave.settle();
    // A new article may have been created by the autosave meanwhile: save onto it.
    const { id, revision } = autosave.base.current;
    const sent = fieldsRef.current;
    const saved = await saving.save(id, sent, revision ?? undefined, publication, successMessage);
    if (saved === null) {
      autosave.record(fieldsRef.current);
      return false;
    }
    const next = toEditorArticle(saved, sent);
    setArticle(next);
    await autosave.forget(baseOf(next));
    // Keys typed while the save was on its way are unsaved work again.
    if (!sameArticleFields(fieldsRef.current, sent)) autosave.record(fieldsRef.current);
    if (routeId !== next.id) followCreated(next.id);
    return true;
  };

  const actions = {
    saveDraft: () => submit({ status: 'draft' }, T.draftSaved),
    publish: () => submit({ status: 'published' }, T.publishedToast),
    schedule: (publishAt: string) =>
      submit({ status: 'scheduled', publish_at: publishAt }, T.scheduledToast(formatScheduleTime(publishAt))),
    unpublish: () => submit({ status: 'draft' }, T.unpublishedToast),
  };

  const reloadConflict = () => {
    if (saving.conflict) adoptServerCopy(saving.conflict);
    saving.clearConflict();
  };

  return {
    article,
    fields,
    edit,
    loading,
    saving: saving.saving,
    attempted: saving.attempted,
    conflict: saving.conflict,
    reloadConflict,
    keepEditingAfterConflict: saving.clearConflict,
    saveState: autosave.saveState,
    offer,
    recover,
    discardUnsaved,
    adoptServerCopy,
    actions,
  };
}
