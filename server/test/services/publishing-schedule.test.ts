import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { PublishingSchedule } from '../../src/services/publishing-schedule.service.js';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { isoNow } from '../../src/store/clock.js';
import { Store } from '../../src/store/store.js';

let dataDir: string;
let store: Store;
let articles: ArticlesRepository;
let stop: (() => Promise<void>) | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-schedule-'));
  store = await Store.open(dataDir);
  articles = new ArticlesRepository(store);
});
afterEach(async () => {
  await stop?.();
  stop = undefined;
  await store.flush();
  await rm(dataDir, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;
const fields = { title: '远期', category: '', tags: [], summary: '', cover: '', content: '正文' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PublishingSchedule', () => {
  it('waits for an article due in a month without firing early: setTimeout cannot wait that long', async () => {
    const far = await articles.create({ ...fields, status: 'scheduled', publish_at: isoNow(new Date(Date.now() + 30 * DAY)) });
    const publishDue = vi.spyOn(articles, 'publishDue');
    const published: number[][] = [];
    stop = new PublishingSchedule(articles).start((ids) => published.push(ids), createLogger('silent'));
    await pause(300);
    // One look at start; an overflowing delay would fire at once and look again and again.
    expect(publishDue).toHaveBeenCalledTimes(1);
    expect(published).toEqual([]);
    expect(articles.find(far.id)?.status).toBe('scheduled');
  });

  it('publishes what is past due at start, then the next one at its time, and nothing after it stops', async () => {
    const due = await articles.create({ ...fields, status: 'scheduled', publish_at: isoNow(new Date(Date.now() - DAY)) });
    const next = await articles.create({ ...fields, status: 'scheduled', publish_at: isoNow(new Date(Date.now() + 1500)) });
    const published: number[][] = [];
    const schedule = new PublishingSchedule(articles);
    stop = schedule.start((ids) => published.push(ids), createLogger('silent'));
    await vi.waitFor(() => expect(published).toEqual([[due.id]]), { timeout: 1000 });
    await vi.waitFor(() => expect(published).toEqual([[due.id], [next.id]]), { timeout: 3000 });

    await stop();
    stop = undefined;
    const later = await articles.create({ ...fields, status: 'scheduled', publish_at: isoNow(new Date(Date.now() + 1000)) });
    schedule.rearm();
    await pause(2200);
    expect(articles.find(later.id)?.status).toBe('scheduled');
    expect(published).toHaveLength(2);
  });

  it('leaves an article alone while an update decided before its time is on its way, then follows that update', async () => {
    const soon = await articles.create({ ...fields, status: 'scheduled', publish_at: isoNow(new Date(Date.now() + 60_000)) });
    const later = isoNow(new Date(Date.now() + DAY));
    // The owner moves the schedule a minute before the time; the new body is still being written
    // when the clock passes the old time.
    const moving = articles.update(soon.id, { content: '改过的正文', status: 'scheduled', publish_at: later });
    const afterTheOldTime = isoNow(new Date(Date.now() + 120_000));
    expect(await articles.publishDue(afterTheOldTime)).toEqual([]);
    expect(articles.nextScheduledAt()).toBeUndefined();
    expect((await moving).status).toBe('updated');
    expect(articles.find(soon.id)).toMatchObject({ status: 'scheduled', publish_at: later });
    // Once it landed the schedule sees the article again, at its new time.
    expect(articles.nextScheduledAt()).toBe(later);
    expect(await articles.publishDue(afterTheOldTime)).toEqual([]);
  });
});

describe('PublishingSchedule under a clock that steps', () => {
  const HOUR = 60 * 60 * 1000;
  // Timers count elapsed time; the wall clock is what NTP or a resumed VM steps.
  const fakeClockAndTimers = () =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts the schedule and returns what it published, and a wait for every publication it began (their writes are real I/O). */
  function startWatched() {
    const publishDue = vi.spyOn(articles, 'publishDue');
    const published: number[][] = [];
    stop = new PublishingSchedule(articles).start((ids) => published.push(ids), createLogger('silent'));
    const settled = async () => {
      await Promise.all(publishDue.mock.results.map((result) => result.value as Promise<unknown>));
      // What follows a publication (the listener, the next timer) runs in the promise callbacks after it.
      await vi.advanceTimersByTimeAsync(0);
    };
    return { published, settled };
  }

  it("publishes within a minute once the clock steps forward past an article's time, not when the long timer fires", async () => {
    fakeClockAndTimers();
    const article = await articles.create({
      ...fields,
      status: 'scheduled',
      publish_at: isoNow(new Date(Date.now() + 6 * HOUR)),
    });
    const { published, settled } = startWatched();
    await settled();
    // A Raspberry Pi booted with a stale clock: NTP sets it seven hours on.
    vi.setSystemTime(Date.now() + 7 * HOUR);
    await vi.advanceTimersByTimeAsync(60_000);
    await settled();
    expect(published).toEqual([[article.id]]);
    expect(articles.find(article.id)?.status).toBe('published');
  });

  it('publishes nothing early when the clock steps back, and the article at its time on the new clock', async () => {
    fakeClockAndTimers();
    const publishAt = new Date(Date.now() + 2 * HOUR);
    const article = await articles.create({ ...fields, status: 'scheduled', publish_at: isoNow(publishAt) });
    const { published, settled } = startWatched();
    await settled();
    vi.setSystemTime(Date.now() - DAY);
    // The two hours the first timer waited for pass; on the wall clock it is still yesterday.
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    await settled();
    expect(published).toEqual([]);
    expect(articles.find(article.id)?.status).toBe('scheduled');

    await vi.advanceTimersByTimeAsync(publishAt.getTime() - Date.now() + 60_000);
    await settled();
    expect(published).toEqual([[article.id]]);
  });
});
