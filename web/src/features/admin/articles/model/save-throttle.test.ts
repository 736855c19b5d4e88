import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSaveThrottle } from './save-throttle';

const INTERVAL = 3000;
const RETRY = 10_000;

/** A throttle over a fake save that records what it sent and when, answering as told. */
function buildThrottle(options: { answer?: () => boolean; delayMs?: number } = {}) {
  const saves: { value: string; at: number }[] = [];
  const throttle = createSaveThrottle<string>({
    intervalMs: INTERVAL,
    retryMs: RETRY,
    save: async (value) => {
      saves.push({ value, at: Date.now() });
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      return options.answer ? options.answer() : true;
    },
  });
  return { throttle, saves };
}

/** Types `text` one character every `everyMs`, as a steady typist does. */
async function typeSteadily(change: (value: string) => void, text: string, everyMs: number) {
  for (let index = 1; index <= text.length; index += 1) {
    change(text.slice(0, index));
    await vi.advanceTimersByTimeAsync(everyMs);
  }
}

describe('createSaveThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('saves during steady typing, never more than the interval after the oldest unsaved keystroke', async () => {
    const { throttle, saves } = buildThrottle();
    // 8 keys a second for 8 seconds: a debounce would not save once before the typing stops.
    const text = 'x'.repeat(64);
    await typeSteadily(throttle.change, text, 125);
    expect(saves.length).toBeGreaterThanOrEqual(2);
    expect(saves[0]?.at).toBe(INTERVAL);
    for (const [index, save] of saves.entries()) {
      if (index > 0) expect(save.at - (saves[index - 1]?.at ?? 0)).toBeLessThanOrEqual(INTERVAL + 125);
    }
    // Each save sends the newest text of its moment.
    expect(saves[0]?.value).toBe('x'.repeat(24));
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(saves.at(-1)?.value).toBe(text);
    expect(throttle.busy()).toBe(false);
  });

  it('sends nothing when nothing changed, and one save for a burst of changes', async () => {
    const { throttle, saves } = buildThrottle();
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(saves).toEqual([]);
    throttle.change('a');
    throttle.change('ab');
    throttle.change('abc');
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toEqual([{ value: 'abc', at: 11 * INTERVAL }]);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(saves).toHaveLength(1);
  });

  it('runs one save at a time; changes made while one is on its way follow as soon as it is back', async () => {
    const { throttle, saves } = buildThrottle({ delayMs: 5000 });
    throttle.change('a');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(saves).toEqual([{ value: 'a', at: 3000 }]);
    throttle.change('ab');
    await vi.advanceTimersByTimeAsync(3500);
    // The second save waited for the first (back at 8000) instead of overlapping it.
    expect(saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1600);
    // At once when the first is back at 8000 (a zero-delay timer fires a millisecond later).
    expect(saves.map((save) => save.value)).toEqual(['a', 'ab']);
    expect(saves[1]?.at).toBeGreaterThanOrEqual(8000);
    expect(saves[1]?.at).toBeLessThanOrEqual(8001);
  });

  it('keeps a value that could not be saved and tries again later, or at the next change', async () => {
    let online = false;
    const { throttle, saves } = buildThrottle({ answer: () => online });
    throttle.change('offline text');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(saves).toHaveLength(1);
    expect(throttle.busy()).toBe(true);
    online = true;
    await vi.advanceTimersByTimeAsync(RETRY);
    expect(saves.map((save) => save.value)).toEqual(['offline text', 'offline text']);
    expect(throttle.busy()).toBe(false);

    online = false;
    throttle.change('again offline');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    online = true;
    throttle.change('again offline, more');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(saves.map((save) => save.value).slice(2)).toEqual(['again offline', 'again offline, more']);
  });

  it('flush saves at once; discardPending drops the pending change and waits for the save in flight', async () => {
    const { throttle, saves } = buildThrottle({ delayMs: 1000 });
    throttle.change('now');
    const flushed = throttle.flush();
    await vi.advanceTimersByTimeAsync(1000);
    await flushed;
    expect(saves).toEqual([{ value: 'now', at: 0 }]);

    throttle.change('sent');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    throttle.change('never sent');
    let discarded = false;
    void throttle.discardPending().then(() => (discarded = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(discarded).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(discarded).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(saves.map((save) => save.value)).toEqual(['now', 'sent']);
    expect(throttle.busy()).toBe(false);
  });

  it('a save that throws counts as not saved, and nothing runs after dispose', async () => {
    let calls = 0;
    const throttle = createSaveThrottle<string>({
      intervalMs: INTERVAL,
      retryMs: RETRY,
      save: () => {
        calls += 1;
        return Promise.reject(new Error('boom'));
      },
    });
    throttle.change('a');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(calls).toBe(1);
    throttle.dispose();
    throttle.change('b');
    await vi.advanceTimersByTimeAsync(10 * RETRY);
    expect(calls).toBe(1);
  });
});
