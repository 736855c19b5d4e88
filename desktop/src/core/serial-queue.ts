/**
 * Runs asynchronous tasks one after another, in call order: the writes of one file (a draft,
 * the profiles, the vault, the mirror) or the sends of one draft must never interleave.
 *
 * API:
 * - `createKeyedSerialQueue<K>()`: one line per key (a draft id); tasks of one key run in order,
 *   tasks of different keys independently. A key whose tasks are all done is forgotten, so the
 *   queue does not grow with every key ever used.
 * - `createSerialQueue()`: a single line.
 * A task's result or error reaches its own caller only; a failed task never blocks the next.
 */

export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export interface KeyedSerialQueue<K> {
  run<T>(key: K, task: () => Promise<T>): Promise<T>;
  /** How many keys have tasks queued or running. */
  readonly busyKeys: number;
}

export function createKeyedSerialQueue<K>(): KeyedSerialQueue<K> {
  const tails = new Map<K, Promise<void>>();
  return {
    run<T>(key: K, task: () => Promise<T>): Promise<T> {
      const run = (tails.get(key) ?? Promise.resolve()).then(task);
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, settled);
      void settled.then(() => {
        if (tails.get(key) === settled) tails.delete(key);
      });
      return run;
    },
    get busyKeys() {
      return tails.size;
    },
  };
}

export function createSerialQueue(): SerialQueue {
  const queue = createKeyedSerialQueue<null>();
  return { run: (task) => queue.run(null, task) };
}
