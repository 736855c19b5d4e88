import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWordPress } from '../../src/services/blog-import/wordpress-reader.js';
import { wxrCorpus } from '../../../build/bench/wxr-corpus.js';

// A full collection on demand, so the heap measured holds only what is still referenced.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const heapUsed = () => {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
};

let dir: string;
let file: string;
let bytes: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-wxr-memory-'));
  file = path.join(dir, 'export.xml');
  const corpus = wxrCorpus(800);
  bytes = corpus.bytes;
  await writeFile(file, corpus.pieces.join(''));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the WordPress reader on a big export', () => {
  it('keeps no piece of the file it read alive: what it read takes less memory than the file', async () => {
    const before = heapUsed();
    const source = await readWordPress({
      path: file,
      size: bytes,
      options: {},
      progress: () => {},
      signal: new AbortController().signal,
    });
    const kept = heapUsed() - before;
    expect(source.posts.length).toBeGreaterThan(700);
    // Each post's guid (its source id) was a view into the 64 KB step of the file sax had read,
    // keeping every step alive: 2.4 times the file. Its own posts, comments and texts take 0.6.
    expect(kept).toBeLessThan(bytes);
  });

  it('reads the file in steps of at most 16 KB with a turn of the event loop between, so pages are answered meanwhile', async () => {
    let steps = 0;
    let stepsWithoutTurn = 0;
    let turned = true;
    const progress = () => {
      steps += 1;
      if (!turned) stepsWithoutTurn += 1;
      turned = false;
      setImmediate(() => {
        turned = true;
      });
    };
    await readWordPress({ path: file, size: bytes, options: {}, progress, signal: new AbortController().signal });
    // Each step converts the posts it ends: at 64 KB, some ten posts at once.
    expect(steps).toBeGreaterThanOrEqual(Math.ceil(bytes / (16 * 1024)));
    expect(stepsWithoutTurn).toBe(0);
  });
});
