import { useCallback, useEffect, useRef, useState } from 'react';
import { pickArticleFields, UiMessages } from '@folio/shared';
import type { AdminArticleDetail, ArticleFields, ArticleRevisionListItem } from '@folio/shared';
import { errorMessage, isAbortError } from '../../../../lib/api-client';
import { useAdminApi } from '../../hooks/admin-services';
import { getArticle } from '../../articles/api/articles.api';
import { getRevision, listRevisions, restoreRevision, restoreRevisionIntoAutosave } from '../api/article-history.api';

/** How many versions are fetched at once in the background, so the list can say what each changed. */
const PARALLEL_VERSION_LOADS = 2;

export interface ArticleHistory {
  /** The article as it is now on the server: what every version is compared with. */
  current: AdminArticleDetail | null;
  /** Previous versions, newest first; null until loaded. */
  entries: ArticleRevisionListItem[] | null;
  /** Versions' fields by revision, as they arrive. */
  versions: ReadonlyMap<number, ArticleFields>;
  loadError: string;
  /** Fetches one version now (the owner chose it), unless it is already here. */
  loadVersion: (revision: number) => Promise<void>;
  /** Makes a version current again; resolves to the article as it is after the restore. */
  restore: (revision: number) => Promise<AdminArticleDetail>;
  /** Puts a version in the editor's autosave instead; resolves to the article (unchanged) with it. */
  restoreIntoEditor: (revision: number) => Promise<AdminArticleDetail>;
}

/**
 * The history of one article while the panel is open: the current article and the list of kept
 * versions (again whenever the editor's revision moves on), and every version's fields fetched in
 * the background. Versions never change once kept, so they are cached for as long as the editor
 * shows this article.
 */
export function useArticleHistory(articleId: number, editorRevision: number | undefined, open: boolean): ArticleHistory {
  const api = useAdminApi();
  const [current, setCurrent] = useState<AdminArticleDetail | null>(null);
  const [entries, setEntries] = useState<ArticleRevisionListItem[] | null>(null);
  const [versions, setVersions] = useState<ReadonlyMap<number, ArticleFields>>(new Map());
  const [loadError, setLoadError] = useState('');
  const [reloads, setReloads] = useState(0);
  const cache = useRef(new Map<number, ArticleFields>());

  useEffect(() => {
    cache.current = new Map();
    setVersions(new Map());
    setCurrent(null);
    setEntries(null);
  }, [articleId]);

  const keep = useCallback((revision: number, fields: ArticleFields) => {
    cache.current.set(revision, fields);
    setVersions(new Map(cache.current));
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    const { signal } = controller;
    setLoadError('');
    Promise.all([getArticle(api, articleId, { signal }), listRevisions(api, articleId, signal)])
      .then(async ([article, list]) => {
        setCurrent(article.data);
        setEntries(list.data);
        const waiting = list.data.map((entry) => entry.revision).filter((revision) => !cache.current.has(revision));
        const loadNext = async (): Promise<void> => {
          const revision = waiting.shift();
          if (revision === undefined || signal.aborted) return;
          const version = await getRevision(api, articleId, revision, signal).catch(() => null);
          if (version && !signal.aborted) keep(revision, pickArticleFields(version.data));
          return loadNext();
        };
        await Promise.all(Array.from({ length: PARALLEL_VERSION_LOADS }, loadNext));
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setLoadError(errorMessage(error, UiMessages.networkError));
      });
    return () => controller.abort();
  }, [api, articleId, editorRevision, open, reloads, keep]);

  const loadVersion = useCallback(
    async (revision: number) => {
      if (cache.current.has(revision)) return;
      const version = await getRevision(api, articleId, revision);
      keep(revision, pickArticleFields(version.data));
    },
    [api, articleId, keep],
  );

  const restore = useCallback(
    async (revision: number) => {
      if (current === null) throw new Error(UiMessages.networkError);
      try {
        return (await restoreRevision(api, articleId, revision, current.revision)).data;
      } finally {
        // After a restore the list has a new entry; after a refusal (412) the article moved on.
        setReloads((count) => count + 1);
      }
    },
    [api, articleId, current],
  );

  const restoreIntoEditor = useCallback(
    async (revision: number) => (await restoreRevisionIntoAutosave(api, articleId, revision)).data,
    [api, articleId],
  );

  return { current, entries, versions, loadError, loadVersion, restore, restoreIntoEditor };
}
