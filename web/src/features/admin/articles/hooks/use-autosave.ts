import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { articleCreateSchema, pickArticleFields, sameArticleFields } from '@folio/shared';
import type { AdminArticleDetail, ArticleFields, ArticleStatus } from '@folio/shared';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useAdminApi } from '../../hooks/admin-services';
import { createArticle, discardAutosave, ifMatchRevision, saveAutosave, updateArticle } from '../api/articles.api';
import { createSaveThrottle } from '../model/save-throttle';
import type { SaveThrottle } from '../model/save-throttle';
import type { KeyValueStorage } from '../model/unsaved-work';
import { readBrowserCopy, removeBrowserCopy, writeBrowserCopy } from '../model/unsaved-work';

/** The server's copy is at most this far behind the oldest keystroke it does not hold yet. */
export const AUTOSAVE_INTERVAL_MS = 3000;
/** How long to wait before trying again after the server could not be reached. */
const AUTOSAVE_RETRY_MS = 10_000;

/** What the editor says about its unsaved work, quietly, beside the title. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  /** A new article the server cannot take yet (a draft needs a title or a body): kept in the browser. */
  | { kind: 'browser' }
  | { kind: 'server'; savedAt: string }
  | { kind: 'offline'; browserCopyKept: boolean }
  | { kind: 'refused'; reason: string; browserCopyKept: boolean };

/** The article the edits belong to, as the editor last loaded or saved it. */
export interface AutosaveBase {
  /** null until a new article is created on the server. */
  id: number | null;
  revision: number | null;
  /** The article's fields as saved; null before it exists. */
  savedFields: ArticleFields | null;
  /** The server holds an autosave of it, so text typed back to the saved one must discard it. */
  serverHasAutosave: boolean;
  /**
   * A draft's text is saved as the draft itself, as the desktop sends its drafts: readers see
   * nothing either way, and the list, the history and a reload then show what was typed. A
   * published or scheduled article keeps readers' text until 发布, so its edits go to the autosave.
   */
  status: ArticleStatus | null;
}

const NEW_ARTICLE: AutosaveBase = { id: null, revision: null, savedFields: null, serverHasAutosave: false, status: null };

/** Whether these fields may be saved as the draft itself (a draft needs a title or a body, tags well formed). */
function savableAsDraft(fields: ArticleFields): boolean {
  return articleCreateSchema.safeParse({ ...fields, status: 'draft' }).success;
}

/** localStorage, or a store that refuses everything where the browser switched it off. */
function browserStorage(): KeyValueStorage {
  try {
    return window.localStorage;
  } catch {
    const refuse = () => {
      throw new Error('localStorage unavailable');
    };
    return { getItem: () => null, setItem: refuse, removeItem: refuse };
  }
}

/** Anything typed at all: a new article's browser copy is worth keeping. */
export function hasAnyText(fields: ArticleFields): boolean {
  return Object.values(fields).some((value) => value.trim() !== '');
}

/** A random Idempotency-Key (server/API.md §E2); getRandomValues works where randomUUID does not (plain http). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new article is created as a draft once it has what a draft needs: a title or a body. */
export function canCreateDraft(fields: ArticleFields): boolean {
  return fields.title.trim() !== '' || fields.content.trim() !== '';
}

/**
 * Keeps the editor's unsaved work: in browser storage at once on every change, and on the
 * server's autosave (server/API.md §E9) through a throttle, so steady typing reaches the server
 * every few seconds. A new article is created as a draft as soon as it has a title or a body
 * (the server refuses a draft with neither; until then it is kept in the browser);
 * `onCreated` then hands it to the editor. Nothing here changes the article itself: a published
 * article stays as readers see it until the owner publishes.
 */
export function useAutosave(
  onCreated: (article: AdminArticleDetail) => void,
  onDraftSaved: (draft: AdminArticleDetail, fields: ArticleFields) => void,
) {
  const api = useAdminApi();
  const storage = useMemo(browserStorage, []);
  const base = useRef<AutosaveBase>(NEW_ARTICLE);
  const browserCopyKept = useRef(true);
  const creating = useRef(false);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  const onDraftSavedRef = useRef(onDraftSaved);
  onDraftSavedRef.current = onDraftSaved;

  /** The creation of a new article until the server confirms it: retried with the same key and body. */
  const pendingCreation = useRef<{ key: string; fields: ArticleFields } | null>(null);
  const throttleRef = useRef<SaveThrottle<ArticleFields> | null>(null);

  const save = useMemo(() => {
    /** Answers whether the save is done (true) or should be tried again (false). */
    const failed = (error: unknown): boolean => {
      const kept = browserCopyKept.current;
      if (error instanceof ApiError && !error.isNetworkError && error.status < 500) {
        // Refused for good (a field over its limit, the article deleted): the next change tries again.
        pendingCreation.current = null;
        setSaveState({ kind: 'refused', reason: errorMessage(error, ''), browserCopyKept: kept });
        return true;
      }
      setSaveState({ kind: 'offline', browserCopyKept: kept });
      return false;
    };

    const autosaveTo = async (target: AutosaveBase & { id: number }, fields: ArticleFields) => {
      const receipt = (await saveAutosave(api, target.id, fields, target.revision ?? 1)).data;
      if (base.current === target) base.current = { ...target, serverHasAutosave: true };
      setSaveState({ kind: 'server', savedAt: receipt.saved_at });
    };

    /** A draft's fields saved as the draft (If-Match its revision): the article now holds them. */
    const saveDraft = async (target: AutosaveBase & { id: number }, fields: ArticleFields) => {
      const saved = (await updateArticle(api, target.id, fields, ifMatchRevision(target.revision ?? undefined))).data;
      // The save made the fields the article's and discarded any autosave (server/API.md §E9.2).
      const next = { ...target, revision: saved.revision, savedFields: fields, serverHasAutosave: false };
      if (base.current === target) base.current = next;
      removeBrowserCopy(storage, target.id);
      onDraftSavedRef.current(saved, fields);
      setSaveState({ kind: 'server', savedAt: saved.updated_at });
    };

    const saveChanges = (target: AutosaveBase & { id: number }, fields: ArticleFields) =>
      target.status === 'draft' && savableAsDraft(fields) ? saveDraft(target, fields) : autosaveTo(target, fields);

    const create = async (fields: ArticleFields): Promise<void> => {
      if (!canCreateDraft(fields)) {
        setSaveState(hasAnyText(fields) ? { kind: 'browser' } : { kind: 'idle' });
        return;
      }
      // A creation whose answer was lost is retried as it was sent: the server answers it again.
      const creation = pendingCreation.current ?? { key: newIdempotencyKey(), fields };
      pendingCreation.current = creation;
      creating.current = true;
      const created = await createArticle(
        api,
        { ...creation.fields, status: 'draft' },
        { headers: { 'Idempotency-Key': creation.key } },
      )
        .then((response) => response.data)
        .finally(() => (creating.current = false));
      pendingCreation.current = null;
      const savedFields = pickArticleFields(created);
      const target = {
        id: created.id,
        revision: created.revision,
        savedFields,
        serverHasAutosave: false,
        status: created.status ?? 'draft',
      };
      base.current = target;
      // What was typed while the article was being created moves to the article's own key.
      const copy = readBrowserCopy(storage, null);
      removeBrowserCopy(storage, null);
      if (copy && !sameArticleFields(copy.fields, savedFields)) {
        writeBrowserCopy(storage, created.id, { ...copy, baseRevision: created.revision });
      }
      onCreatedRef.current(created);
      setSaveState({ kind: 'server', savedAt: created.updated_at });
      if (!sameArticleFields(fields, savedFields)) await saveChanges(target, fields);
    };

    return async (fields: ArticleFields): Promise<boolean> => {
      const target = base.current;
      try {
        if (target.id === null) {
          await create(fields);
        } else if (target.savedFields && sameArticleFields(fields, target.savedFields)) {
          // Typed back to the article as saved: an autosave would only offer it again.
          if (target.serverHasAutosave) await discardAutosave(api, target.id);
          if (base.current === target) base.current = { ...target, serverHasAutosave: false };
          setSaveState({ kind: 'idle' });
        } else {
          await saveChanges({ ...target, id: target.id }, fields);
        }
        return true;
      } catch (error) {
        return failed(error);
      }
    };
  }, [api, storage]);

  useEffect(() => {
    // Made here, not during render: React's StrictMode unmounts and mounts again in development,
    // and a throttle disposed by the first unmount must not be the one the editor keeps using.
    const throttle = createSaveThrottle<ArticleFields>({ intervalMs: AUTOSAVE_INTERVAL_MS, retryMs: AUTOSAVE_RETRY_MS, save });
    throttleRef.current = throttle;
    // A hidden tab may be closed next, and a connection that is back should not wait for the retry.
    const flushNow = () => void throttle.flush();
    const flushWhenHidden = () => document.visibilityState === 'hidden' && flushNow();
    document.addEventListener('visibilitychange', flushWhenHidden);
    window.addEventListener('online', flushNow);
    return () => {
      document.removeEventListener('visibilitychange', flushWhenHidden);
      window.removeEventListener('online', flushNow);
      // Leaving the editor inside the admin: what is pending still goes to the server.
      void throttle.flush();
      throttle.dispose();
      if (throttleRef.current === throttle) throttleRef.current = null;
    };
  }, [save]);

  /** Every change of the fields: the browser's copy at once, the server's through the throttle. */
  const record = useCallback(
    (fields: ArticleFields) => {
      const { id, revision, savedFields } = base.current;
      const unchanged = savedFields ? sameArticleFields(fields, savedFields) : !hasAnyText(fields);
      if (unchanged) {
        removeBrowserCopy(storage, id);
      } else {
        const work = { fields, savedAt: new Date().toISOString(), baseRevision: revision };
        browserCopyKept.current = writeBrowserCopy(storage, id, work);
      }
      const throttle = throttleRef.current;
      throttle?.change(fields);
      // A new article is created at once, not a throttle interval later; keys typed meanwhile wait.
      if (throttle && id === null && canCreateDraft(fields) && !creating.current) void throttle.flush();
      setSaveState((current) => {
        if (current.kind === 'offline' || current.kind === 'refused') {
          return { ...current, browserCopyKept: browserCopyKept.current };
        }
        if (id === null && !canCreateDraft(fields)) return unchanged ? { kind: 'idle' } : { kind: 'browser' };
        return (current.kind === 'idle' || current.kind === 'browser') && !unchanged ? { kind: 'saving' } : current;
      });
    },
    [storage],
  );

  /** The article the edits belong to, after a load or a save (nothing is unsaved then). */
  const reset = useCallback((next: AutosaveBase) => {
    base.current = next;
    setSaveState({ kind: 'idle' });
  }, []);

  /** Waits until no autosave is pending or on its way, so none lands after the article's own save. */
  const settle = useCallback(async () => throttleRef.current?.discardPending(), []);

  /** After the article was saved: its unsaved copies are what it holds now, so both go. */
  const forget = useCallback(
    async (next: AutosaveBase) => {
      const { id, serverHasAutosave } = base.current;
      removeBrowserCopy(storage, id);
      removeBrowserCopy(storage, null);
      reset(next);
      // A save that changed the fields clears it already; one that did not (撤回 alone) must too.
      if (serverHasAutosave && next.id !== null) await discardAutosave(api, next.id).catch(() => undefined);
    },
    [api, storage, reset],
  );

  /** Ctrl/Cmd+S: what is pending goes to the server now, without waiting for the interval. */
  const saveNow = useCallback(async () => throttleRef.current?.flush(), []);

  return { saveState, record, reset, settle, forget, saveNow, storage, base };
}
