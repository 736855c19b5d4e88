import { describe, expect, it } from 'vitest';
import { emptyArticleFields } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import type { KeyValueStorage, UnsavedWork } from './unsaved-work';
import { browserCopyKey, decideRecovery, readBrowserCopy, removeBrowserCopy, writeBrowserCopy } from './unsaved-work';

function buildFields(patch: Partial<ArticleFields> = {}): ArticleFields {
  return { ...emptyArticleFields(), title: '文章', content: '正文', ...patch };
}

function buildWork(patch: Partial<ArticleFields>, savedAt: string, baseRevision: number | null = 3): UnsavedWork {
  return { fields: buildFields(patch), savedAt, baseRevision };
}

/** The article as saved at 10:00 UTC. */
const article = { fields: buildFields(), updatedAt: '2026-03-01T10:00:00.000Z' };

function memoryStorage(): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe('decideRecovery', () => {
  it('offers nothing when there is no unsaved work', () => {
    expect(decideRecovery({ article, serverAutosave: null, browserCopy: null })).toEqual({
      offer: null,
      dropBrowserCopy: false,
      dropServerAutosave: false,
    });
  });

  it('offers the browser copy when it differs from the article and is newer than its last save', () => {
    const browserCopy = buildWork({ content: '正文，后来写的' }, '2026-03-01T10:05:00.000Z');
    const decision = decideRecovery({ article, serverAutosave: null, browserCopy });
    expect(decision.offer).toEqual({ ...browserCopy, source: 'browser' });
    expect(decision.dropBrowserCopy).toBe(false);
  });

  it('drops a browser copy that a later save overtook, or that holds the article as it is', () => {
    const older = buildWork({ content: '旧的未保存内容' }, '2026-03-01T09:59:59.000Z');
    expect(decideRecovery({ article, serverAutosave: null, browserCopy: older })).toEqual({
      offer: null,
      dropBrowserCopy: true,
      dropServerAutosave: false,
    });
    const same = buildWork({}, '2026-03-01T10:05:00.000Z');
    expect(decideRecovery({ article, serverAutosave: null, browserCopy: same }).dropBrowserCopy).toBe(true);
  });

  it('offers the server autosave when it differs from the article, and drops one that does not', () => {
    const serverAutosave = buildWork({ title: '自动保存的标题' }, '2026-03-01T10:01:00.000Z');
    expect(decideRecovery({ article, serverAutosave, browserCopy: null }).offer).toEqual({ ...serverAutosave, source: 'server' });
    const same = buildWork({}, '2026-03-01T10:01:00.000Z');
    expect(decideRecovery({ article, serverAutosave: same, browserCopy: null })).toEqual({
      offer: null,
      dropBrowserCopy: false,
      dropServerAutosave: true,
    });
  });

  it('offers the newer of the two when both hold unsaved work', () => {
    const serverAutosave = buildWork({ content: '服务器上的' }, '2026-03-01T10:01:00.000Z');
    const newerInBrowser = buildWork({ content: '服务器上的，再加上断网后写的' }, '2026-03-01T10:02:00.000Z');
    expect(decideRecovery({ article, serverAutosave, browserCopy: newerInBrowser }).offer?.source).toBe('browser');
    const olderInBrowser = buildWork({ content: '另一台设备之前写的' }, '2026-03-01T10:00:30.000Z');
    expect(decideRecovery({ article, serverAutosave, browserCopy: olderInBrowser }).offer).toEqual({
      ...serverAutosave,
      source: 'server',
    });
  });

  it('names the server when the browser copy holds the same text as the server autosave', () => {
    const serverAutosave = buildWork({ content: '同一段' }, '2026-03-01T10:01:00.000Z');
    const browserCopy = buildWork({ content: '同一段' }, '2026-03-01T10:01:01.000Z');
    const decision = decideRecovery({ article, serverAutosave, browserCopy });
    expect(decision.offer).toEqual({ ...serverAutosave, source: 'server' });
    expect(decision.dropBrowserCopy).toBe(false);
  });

  it('for a new article, offers a browser copy with anything typed and drops an empty one', () => {
    const typed = buildWork({ title: '', content: '还没有标题的草稿' }, '2026-03-01T10:05:00.000Z', null);
    expect(decideRecovery({ article: null, serverAutosave: null, browserCopy: typed }).offer?.source).toBe('browser');
    const blank = { fields: { ...emptyArticleFields(), tags: '  ' }, savedAt: '2026-03-01T10:05:00.000Z', baseRevision: null };
    expect(decideRecovery({ article: null, serverAutosave: null, browserCopy: blank })).toEqual({
      offer: null,
      dropBrowserCopy: true,
      dropServerAutosave: false,
    });
  });
});

describe('browser copy', () => {
  it('is kept per article id, and for the new article under its own key', () => {
    const storage = memoryStorage();
    const work = buildWork({ content: '本机的' }, '2026-03-01T10:05:00.000Z');
    expect(writeBrowserCopy(storage, 7, work)).toBe(true);
    expect(writeBrowserCopy(storage, null, { ...work, baseRevision: null })).toBe(true);
    expect([...storage.entries.keys()].sort()).toEqual([browserCopyKey(7), browserCopyKey(null)].sort());
    expect(browserCopyKey(7)).not.toBe(browserCopyKey(null));
    expect(readBrowserCopy(storage, 7)).toEqual(work);
    expect(readBrowserCopy(storage, 8)).toBeNull();
    removeBrowserCopy(storage, 7);
    expect(readBrowserCopy(storage, 7)).toBeNull();
    expect(readBrowserCopy(storage, null)?.baseRevision).toBeNull();
  });

  it('reads a damaged or foreign value as nothing, and reports a storage that refuses', () => {
    const storage = memoryStorage();
    storage.entries.set(browserCopyKey(1), '{not json');
    storage.entries.set(browserCopyKey(2), JSON.stringify({ fields: { title: 1 }, savedAt: 'x', baseRevision: 1 }));
    storage.entries.set(browserCopyKey(3), JSON.stringify({ ...buildWork({}, 'x'), baseRevision: 1.5 }));
    expect(readBrowserCopy(storage, 1)).toBeNull();
    expect(readBrowserCopy(storage, 2)).toBeNull();
    expect(readBrowserCopy(storage, 3)).toBeNull();
    const full: KeyValueStorage = {
      ...storage,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(writeBrowserCopy(full, 1, buildWork({}, 'x'))).toBe(false);
  });
});
