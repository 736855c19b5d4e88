import { describe, expect, it } from 'vitest';
import { createKeyedSerialQueue, createSerialQueue } from '../src/core/serial-queue.js';

/** A task the test finishes by hand, recording when it starts. */
function gate(log: string[], name: string) {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
    open: () => open(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('serial queue', () => {
  it('runs the tasks of one key one at a time, in call order', async () => {
    const queue = createKeyedSerialQueue<string>();
    const log: string[] = [];
    const first = gate(log, 'a1');
    const second = gate(log, 'a2');
    const results = [queue.run('a', first.task), queue.run('a', second.task)];
    await tick();
    expect(log).toEqual(['start a1']);
    first.open();
    second.open();
    await expect(Promise.all(results)).resolves.toEqual(['a1', 'a2']);
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2']);
  });

  it('runs different keys independently', async () => {
    const queue = createKeyedSerialQueue<string>();
    const log: string[] = [];
    const slow = gate(log, 'a');
    const slowResult = queue.run('a', slow.task);
    await expect(queue.run('b', async () => 'b done')).resolves.toBe('b done');
    expect(log).toEqual(['start a']);
    slow.open();
    await slowResult;
  });

  it('hands a failure to its own caller and still runs the next task', async () => {
    const queue = createSerialQueue();
    const failed = queue.run(async () => {
      throw new Error('写入失败');
    });
    const next = queue.run(async () => 'next');
    await expect(failed).rejects.toThrow('写入失败');
    await expect(next).resolves.toBe('next');
  });

  it('forgets a key once its tasks are done', async () => {
    const queue = createKeyedSerialQueue<string>();
    const log: string[] = [];
    const held = gate(log, 'a');
    const running = queue.run('a', held.task);
    expect(queue.busyKeys).toBe(1);
    held.open();
    await running;
    await tick();
    expect(queue.busyKeys).toBe(0);
  });
});
