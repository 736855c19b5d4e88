import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP_LIMITS } from '@folio/shared';
import { DraftStore } from '../src/core/draft-store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-revisions-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('local history while the owner types without a pause', () => {
  it('takes a snapshot every interval of steady saves, each a different text', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const interval = DESKTOP_LIMITS.draftRevisionIntervalMs;
    const store = await DraftStore.open(dir, { now: () => new Date(now) });
    const draft = await store.create();
    // The editor saves about every second while the typing goes on (a throttle, not a debounce),
    // so the store sees a save a second for three and a half intervals, never a pause.
    let text = '';
    const saves = Math.round((3.5 * interval) / 1000);
    for (let second = 0; second < saves; second += 1) {
      text += `第${second}字`;
      await store.save(draft.id, { content: text });
      now += 1000;
    }
    const revisions = await store.revisions(draft.id);
    // The empty start is not kept; then one snapshot per interval of typing.
    expect(revisions).toHaveLength(3);
    const contents = revisions.map((revision) => revision.fields.content);
    expect(new Set(contents).size).toBe(3);
    const times = revisions.map((revision) => Date.parse(revision.savedAt)).reverse();
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBe(interval);
    }
  });
});
