import { describe, expect, it } from 'vitest';
import { draftSchema } from '../src/channels/drafts.schema.js';
import { draftFromDisk, draftToBridge } from '../src/core/draft-file.js';
import type { StoredDraft } from '../src/core/draft-file.js';

/** A stored draft with every key set, including the disk-only ones and a conflict. */
function buildStoredDraft(): StoredDraft {
  return {
    version: 1,
    id: '6f1c2a9e-0d4b-4c36-9a51-2b7e8f3d1c00',
    articleId: 12,
    baseRevision: 4,
    fields: { title: '标题', category: '随笔', tags: 'a,b', summary: '摘要', cover: '/uploads/c.png', content: '正文' },
    state: 'conflict',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    lastError: '服务器上的文章在你编辑期间被修改过',
    conflict: {
      server: {
        id: 12,
        revision: 5,
        updated_at: '2026-01-02T00:00:00.000Z',
        title: '服务器标题',
        category: '随笔',
        tags: 'a',
        summary: '',
        cover: '',
        content: '服务器正文',
      },
      base: { title: '标题', category: '随笔', tags: 'a', summary: '', cover: '', content: '原正文' },
      detectedAt: '2026-01-02T00:00:01.000Z',
      serverHeld: false,
      publishing: true,
    },
    seq: 7,
    pendingCreate: { key: 'idem-key', fields: { title: 't', category: '', tags: '', summary: '', cover: '', content: 'c' } },
    lastSnapshotAt: '2026-01-01T12:00:00.000Z',
    serverStatus: 'draft',
    pushedSeq: 6,
  };
}

const DISK_ONLY_KEYS = ['version', 'seq', 'pendingCreate', 'lastSnapshotAt', 'pushedSeq'];

describe('draft on disk and on the bridge', () => {
  it('never lets a disk-only key cross the bridge', () => {
    const bridged = draftToBridge(buildStoredDraft());
    for (const key of DISK_ONLY_KEYS) expect(bridged).not.toHaveProperty(key);
    expect(Object.keys(bridged).sort()).toEqual(Object.keys(draftSchema.shape).sort());
    // Nothing is left for zod to drop: the bridge's own schema keeps the mapped draft as it is.
    expect(draftSchema.strict().parse(bridged)).toEqual(bridged);
  });

  it('keeps every field of the bridge draft, nested ones included', () => {
    const stored = buildStoredDraft();
    const {
      version: _version,
      seq: _seq,
      pendingCreate: _pendingCreate,
      lastSnapshotAt: _lastSnapshotAt,
      pushedSeq: _pushedSeq,
      ...shared
    } = stored;
    expect(draftToBridge(stored)).toEqual(shared);
  });

  it('reads back from disk exactly what was written, disk-only keys included', () => {
    const stored = buildStoredDraft();
    expect(draftFromDisk(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    const withoutConflict = { ...stored, state: 'local' as const, conflict: null, pendingCreate: null };
    expect(draftFromDisk(JSON.parse(JSON.stringify(withoutConflict)))).toEqual(withoutConflict);
  });

  it('refuses a file that is not a draft of this version', () => {
    expect(draftFromDisk({ ...buildStoredDraft(), version: 2 })).toBeUndefined();
    expect(draftFromDisk({ ...buildStoredDraft(), fields: { title: '只有标题' } })).toBeUndefined();
    expect(draftFromDisk(undefined)).toBeUndefined();
  });

  it('reads a conflict stored before it said what the server holds and how it was sent', () => {
    const stored = buildStoredDraft();
    const {
      serverHeld: _serverHeld,
      publishing: _publishing,
      ...olderConflict
    } = stored.conflict as NonNullable<StoredDraft['conflict']>;
    const older = { ...stored, conflict: olderConflict };
    // The server side was taken as the server's before: it still is; how it was sent is unknown.
    expect(draftFromDisk(JSON.parse(JSON.stringify(older)))).toEqual({
      ...stored,
      conflict: { ...olderConflict, serverHeld: true, publishing: null },
    });
  });

  it('reads a draft written before the background sync as never sent, its server status unknown', () => {
    const { serverStatus: _serverStatus, pushedSeq: _pushedSeq, ...older } = buildStoredDraft();
    expect(draftFromDisk(JSON.parse(JSON.stringify(older)))).toEqual({ ...older, serverStatus: null, pushedSeq: null });
  });
});
