import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DesktopMessages as D } from '@folio/shared';
import { DraftStore } from '../src/core/draft-store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-drafts-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A clock the test moves by hand, so revision snapshots do not depend on real time. */
function manualClock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe('DraftStore', () => {
  it('keeps every save across a reopen, with its state and base', async () => {
    const store = await DraftStore.open(dir);
    const draft = await store.create({ fields: { title: '标题' }, articleId: 7, baseRevision: 3, state: 'synced' });
    const saved = await store.save(draft.id, { content: '第一段', tags: 'a,b' });
    expect(saved.state).toBe('local');
    expect(saved.seq).toBe(1);

    const reopened = await DraftStore.open(dir);
    expect(reopened.get(draft.id)).toEqual(saved);
    expect(reopened.findByArticle(7)?.id).toBe(draft.id);
    expect(reopened.list()).toEqual([
      {
        id: draft.id,
        title: '标题',
        state: 'local',
        articleId: 7,
        updatedAt: saved.updatedAt,
        lastError: null,
        serverStatus: null,
        // Saved since it was opened from the server, which has not had this text yet.
        unsent: true,
        waiting: false,
      },
    ]);
  });

  it('keeps a ring of earlier revisions, at most N, one per interval, and restores any of them', async () => {
    const clock = manualClock();
    const store = await DraftStore.open(dir, { revisionsKept: 3, revisionIntervalMs: 60_000, now: clock.now });
    const draft = await store.create();
    for (let n = 1; n <= 6; n += 1) {
      await store.save(draft.id, { content: `版本 ${n}` });
      // Keystrokes within the interval do not each take a snapshot.
      await store.save(draft.id, { content: `版本 ${n} 补充` });
      clock.advance(61_000);
    }
    const revisions = await store.revisions(draft.id);
    expect(revisions.map((revision) => revision.fields.content)).toEqual(['版本 5 补充', '版本 4 补充', '版本 3 补充']);

    const target = revisions[2];
    if (!target) throw new Error('no revision');
    const restored = await store.restoreRevision(draft.id, target.id);
    expect(restored.fields.content).toBe('版本 3 补充');
    // The text replaced by the restore is itself kept, so a restore can be undone.
    expect((await store.revisions(draft.id))[0]?.fields.content).toBe('版本 6 补充');
    await expect(store.restoreRevision(draft.id, 999)).rejects.toThrow(D.revisionNotFound);
  });

  it('drops a draft only once it is synced; discard removes it on request', async () => {
    const store = await DraftStore.open(dir);
    const draft = await store.create({ fields: { title: 'x', content: 'y' } });
    await expect(store.dropSynced(draft.id)).rejects.toThrow(D.draftNotSynced);
    await store.update(draft.id, (next) => void (next.state = 'synced'));
    await store.dropSynced(draft.id);
    expect(store.get(draft.id)).toBeUndefined();
    const other = await store.create({ fields: { title: 'z' } });
    await store.discard(other.id);
    expect(await readdir(dir)).toEqual([]);
  });

  it('applies saves of one draft in call order', async () => {
    const store = await DraftStore.open(dir);
    const draft = await store.create();
    await Promise.all(Array.from({ length: 20 }, (_, n) => store.save(draft.id, { content: `第${n}次` })));
    expect((await DraftStore.open(dir)).get(draft.id)?.fields.content).toBe('第19次');
  });

  it('opens past left-over temp files and a damaged file without losing the good drafts', async () => {
    const store = await DraftStore.open(dir);
    const draft = await store.create({ fields: { title: '好的草稿' } });
    await writeFile(path.join(dir, `.${draft.id}.json.abc123.tmp`), '{"half');
    await writeFile(path.join(dir, 'broken.json'), '{"half');
    const reopened = await DraftStore.open(dir);
    expect(reopened.list().map((summary) => summary.title)).toEqual(['好的草稿']);
    expect((await readdir(dir)).some((name) => name.endsWith('.tmp'))).toBe(false);
    // Not ours to delete: it may hold someone's text.
    expect(await readFile(path.join(dir, 'broken.json'), 'utf8')).toBe('{"half');
  });
});

// A child process with tsx start-up and real fsyncs: generous time on a shared 2-core machine.
describe('DraftStore under SIGKILL', { timeout: 90_000 }, () => {
  const writer = fileURLToPath(new URL('./fixtures/draft-writer.ts', import.meta.url));

  /** Runs the writer until it has acknowledged `acks` saves plus a random few, then SIGKILLs it. */
  function killAfter(acks: number): Promise<{ draftId: string; lastAck: number }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
      let draftId = '';
      let lastAck = 0;
      let buffer = '';
      const extra = Math.floor(Math.random() * 3);
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('draft ')) draftId = line.slice(6);
          if (line.startsWith('ack ')) lastAck = Number(line.slice(4));
        }
        if (lastAck >= acks + extra && child.exitCode === null && !child.killed) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('exit', (_code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`writer exited without being killed (${signal ?? _code})`));
        else resolve({ draftId, lastAck });
      });
    });
  }

  it.each([3, 15])('keeps the last acknowledged save and no torn file after a kill once %i saves were answered', async (acks) => {
    const { draftId, lastAck } = await killAfter(acks);
    expect(lastAck).toBeGreaterThanOrEqual(acks);
    const store = await DraftStore.open(dir);
    const draft = store.get(draftId);
    const saved = Number(/^save (\d+)\n/.exec(draft?.fields.content ?? '')?.[1]);
    // The acknowledged save is there; at most the one in flight when killed is newer.
    expect(saved).toBeGreaterThanOrEqual(lastAck);
    expect(saved).toBeLessThanOrEqual(lastAck + 1);
    // Every file on disk is whole JSON: the kill never left a torn draft or ring.
    for (const name of await readdir(dir)) {
      if (name.endsWith('.json')) expect(JSON.parse(await readFile(path.join(dir, name), 'utf8'))).toBeTypeOf('object');
    }
    const ring = JSON.parse(await readFile(path.join(dir, `${draftId}.revisions.json`), 'utf8')) as unknown[];
    expect(ring.length).toBeGreaterThan(0);
    expect(ring.length).toBeLessThanOrEqual(5);
  });
});
