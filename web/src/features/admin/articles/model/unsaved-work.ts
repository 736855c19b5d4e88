import { articleFieldsSchema, sameArticleFields } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';

/**
 * The editor's work that is not saved as the article yet: the browser's copy (written on every
 * change, so a closed tab or a lost connection loses nothing) or the server's autosave
 * (server/API.md §E9). `savedAt` is an ISO time; `baseRevision` the article revision the editor
 * started from (null for an article not created yet).
 */
export interface UnsavedWork {
  fields: ArticleFields;
  savedAt: string;
  baseRevision: number | null;
}

/** The stored copy as written by writeBrowserCopy, or null for anything else. */
function parseUnsavedWork(value: unknown): UnsavedWork | null {
  if (typeof value !== 'object' || value === null) return null;
  const { fields, savedAt, baseRevision } = value as Record<string, unknown>;
  const parsedFields = articleFieldsSchema.safeParse(fields);
  if (!parsedFields.success || typeof savedAt !== 'string') return null;
  if (baseRevision !== null && !Number.isInteger(baseRevision)) return null;
  return { fields: parsedFields.data, savedAt, baseRevision: baseRevision as number | null };
}

/** What localStorage offers; a test passes a Map-backed one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One key per article, and one for the new article not created on the server yet. */
export function browserCopyKey(articleId: number | null): string {
  return `folio.admin.unsaved-article.${articleId ?? 'new'}`;
}

/** The browser's copy, or null when there is none or it cannot be read (nothing to offer then). */
export function readBrowserCopy(storage: KeyValueStorage, articleId: number | null): UnsavedWork | null {
  try {
    const text = storage.getItem(browserCopyKey(articleId));
    if (text === null) return null;
    return parseUnsavedWork(JSON.parse(text));
  } catch {
    return null;
  }
}

/** False when the browser refused (storage full or switched off): the caller says so. */
export function writeBrowserCopy(storage: KeyValueStorage, articleId: number | null, work: UnsavedWork): boolean {
  try {
    storage.setItem(browserCopyKey(articleId), JSON.stringify(work));
    return true;
  } catch {
    return false;
  }
}

export function removeBrowserCopy(storage: KeyValueStorage, articleId: number | null): void {
  try {
    storage.removeItem(browserCopyKey(articleId));
  } catch {
    // Storage switched off: there was nothing kept to remove.
  }
}

export type UnsavedWorkSource = 'browser' | 'server';

export interface RecoveryDecision {
  /** The work to offer with 恢复未保存的内容 / 丢弃, or null when there is nothing to offer. */
  offer: (UnsavedWork & { source: UnsavedWorkSource }) | null;
  /** The browser's copy holds nothing the owner could want (stale, or the article already). */
  dropBrowserCopy: boolean;
  /** The server's autosave holds nothing the article does not (it only clutters the list). */
  dropServerAutosave: boolean;
}

function isEmpty(fields: ArticleFields): boolean {
  return Object.values(fields).every((value) => value.trim() === '');
}

function time(iso: string): number {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? 0 : value;
}

/**
 * What reopening an article offers. The server's autosave counts when it differs from the
 * article; the browser's copy when it differs from the article and is newer than the article's
 * last save (an older one was overtaken by a save made since, in this or another tab). When both
 * count, the newer is offered; when they hold the same text, the server's is named (it is safe
 * on the server). A new article (`article` null) offers a browser copy with anything typed.
 */
export function decideRecovery(input: {
  article: { fields: ArticleFields; updatedAt: string } | null;
  serverAutosave: UnsavedWork | null;
  browserCopy: UnsavedWork | null;
}): RecoveryDecision {
  const { article, serverAutosave, browserCopy } = input;
  const baseFields = article?.fields ?? null;
  const server =
    serverAutosave && (baseFields === null || !sameArticleFields(serverAutosave.fields, baseFields)) ? serverAutosave : null;
  const browserCounts =
    browserCopy !== null &&
    (article === null
      ? !isEmpty(browserCopy.fields)
      : !sameArticleFields(browserCopy.fields, article.fields) && time(browserCopy.savedAt) > time(article.updatedAt));
  const browser = browserCounts && !(server && sameArticleFields(server.fields, browserCopy.fields)) ? browserCopy : null;

  let offer: RecoveryDecision['offer'] = null;
  if (server && browser) {
    offer = time(browser.savedAt) > time(server.savedAt) ? { ...browser, source: 'browser' } : { ...server, source: 'server' };
  } else if (server) {
    offer = { ...server, source: 'server' };
  } else if (browser) {
    offer = { ...browser, source: 'browser' };
  }
  return {
    offer,
    dropBrowserCopy: browserCopy !== null && !browserCounts,
    dropServerAutosave: serverAutosave !== null && server === null,
  };
}
