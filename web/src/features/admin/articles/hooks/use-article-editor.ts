import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
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
  /** 通知订阅者 as stored, and whether its subscribers were mailed already (server/API.md §E23.11). */
  notifySubscribers: boolean;
  subscribersNotified: boolean;
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
    notifySubscribers: detail.notify_subscribers ?? true,
    subscribersNotified: (detail.subscribers_notified_at ?? null) !== null,
  };
}

const baseOf = (article: EditorArticle) => ({
  id: article.id,
  revision: article.revision,
  savedFields: article.fields,
  serverHasAutosave: false,
  status: article.status,
});

/** Router state of a move from the quick dialog to the full page: its unsaved work comes along unasked. */
export interface CarriedEditorState {
  carryUnsaved: true;
}

function carriesUnsaved(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<CarriedEditorState>).carryUnsaved === true;
}

export interface ArticleEditorOptions {
  /**
   * The editor lives in a dialog over the list: a new article created by its autosave stays in the
   * dialog instead of taking the address of its own page.
   */
  stayOnRoute?: boolean;
}

/**
 * The full-page editor's state (docs/spec.md §2.4): the article and its status, the fields being
 * edited with their autosave, the offer to recover unsaved work on opening, and the actions
 * 保存草稿 / 发布 / 定时发布 / 撤回为草稿 (server/API.md §E8, §E9).
 */
export function useArticleEditor(routeId: number | null, { stayOnRoute = false }: ArticleEditorOptions = {}) {
  const { api, notify, basePath } = useAdminServices();
  const navigate = useNavigate();
  // Read once: the work the dialog handed over is taken when the article first loads.
  const carried = useRef(carriesUnsaved(useLocation().state));
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
      if (!stayOnRoute) navigate(`${basePath}/articles/${id}/edit`, { replace: true });
    },
    [navigate, basePath, stayOnRoute],
  );
  const adoptCreated = useCallback(
    (created: AdminArticleDetail) => {
      setArticle(toEditorArticle(created));
      followCreated(created.id);
    },
    [followCreated],
  );
  // A draft's text saved as the draft: the editor's article is what the server now holds.
  const adoptSavedDraft = useCallback(
    (saved: AdminArticleDetail, sent: ArticleFields) =>
      setArticle((current) => (current?.id === saved.id ? toEditorArticle(saved, sent) : current)),
    [],
  );
  const autosave = useAutosave(adoptCreated, adoptSavedDraft);
  const { storage, reset: resetAutosave, record } = autosave;

  /** Offers the unsaved work, or, when the quick dialog handed it over, takes it without asking. */
  const offerOrTake = useCallback(
    (work: RecoveryDecision['offer']) => {
      if (work && carried.current) {
        showFields(work.fields);
        record(work.fields);
        setOffer(null);
      } else {
        setOffer(work);
      }
      carried.current = false;
    },
    [record, showFields],
  );

  useEffect(() => {
    if (routeId !== null && routeId === createdId.current) return undefined;
    setOffer(null);
    if (routeId === null) {
      setArticle(null);
      showFields(emptyArticleFields());
      resetAutosave({ id: null, revision: null, savedFields: null, serverHasAutosave: false, status: null });
      const decision = decideRecovery({ article: null, serverAutosave: null, browserCopy: readBrowserCopy(storage, null) });
      if (decision.dropBrowserCopy) removeBrowserCopy(storage, null);
      offerOrTake(decision.offer);
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
        offerOrTake(decision.offer);
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
  }, [api, notify, navigate, basePath, routeId, storage, resetAutosave, showFields, offerOrTake]);

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

  /** A version put in the autosave (server/API.md §E10.3): the editor shows it as unsaved work to check. */
  const takeRestoredIntoEditor = (detail: AdminArticleDetail) => {
    if (!detail.autosave) return;
    autosave.base.current = { ...autosave.base.current, serverHasAutosave: true };
    edit(pickArticleFields(detail.autosave));
  };

  // The schedule going out changes the status beside the editor, nothing the owner is typing.
  useScheduleFollow(article, (detail) =>
    setArticle((current) =>
      current?.id === detail.id
        ? { ...current, status: detail.status ?? 'published', publishAt: detail.publish_at ?? null }
        : current,
    ),
  );

  // The owner's 通知订阅者 choice not saved yet; the stored one otherwise (server/API.md §E23.11).
  const [notifyChoice, setNotifyChoice] = useState<boolean | null>(null);
  const notifySubscribers = notifyChoice ?? article?.notifySubscribers ?? true;

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
    setNotifyChoice(null);
    await autosave.forget(baseOf(next));
    // Keys typed while the save was on its way are unsaved work again.
    if (!sameArticleFields(fieldsRef.current, sent)) autosave.record(fieldsRef.current);
    if (routeId !== next.id) followCreated(next.id);
    return true;
  };

  const actions = {
    saveDraft: () => submit({ status: 'draft' }, T.draftSaved),
    publish: () => submit({ status: 'published', notify_subscribers: notifySubscribers }, T.publishedToast),
    schedule: (publishAt: string) =>
      submit(
        { status: 'scheduled', publish_at: publishAt, notify_subscribers: notifySubscribers },
        T.scheduledToast(formatScheduleTime(publishAt)),
      ),
    unpublish: () => submit({ status: 'draft' }, T.unpublishedToast),
    /** The quick dialog's 保存 (docs/spec.md §2.5): a new article is published, as a create is; an edit keeps its status. */
    saveAsDialogDoes: () =>
      submit(article === null || createdId.current === article.id ? { status: 'published' } : {}, UiMessages.saved),
  };

  /** The unsaved work goes no further: nothing pending is sent, and both copies of it are dropped. */
  const dropUnsaved = async () => {
    await autosave.settle();
    discardUnsaved();
    removeBrowserCopy(storage, null);
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
    takeRestoredIntoEditor,
    actions,
    notifySubscribers,
    setNotifySubscribers: setNotifyChoice,
    /** Ctrl/Cmd+S: the unsaved work goes to the server now (never publishes anything). */
    saveNow: autosave.saveNow,
    dropUnsaved,
    /** The article was created by this editor (its autosave): nothing of it existed before. */
    createdHere: article !== null && createdId.current === article.id,
    dirty,
  };
}
