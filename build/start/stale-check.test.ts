import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverTarget, webTarget } from './build-if-stale.mjs';
import { buildIfStale, isStale, judge, RACY_MARGIN_MS, writeStamp } from './stale-check.mjs';
import type { BuildTarget } from './stale-check.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('build staleness check', () => {
  let dir: string;
  let target: BuildTarget;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'folio-stale-'));
    await mkdir(path.join(dir, 'src/nested'), { recursive: true });
    await writeFile(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
    await writeFile(path.join(dir, 'src/nested/b.ts'), 'export const b = 2;\n');
    target = {
      name: 'test',
      inputs: [path.join(dir, 'src')],
      outputs: [path.join(dir, 'out/main.js')],
      stampFile: path.join(dir, 'out/.build-stamp'),
    };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  let builds = 0;
  const build = async () => {
    builds += 1;
    await mkdir(path.join(dir, 'out'), { recursive: true });
    await writeFile(path.join(dir, 'out/main.js'), '');
  };
  /** Waits until the sources' change times are old enough for the check to trust file times. */
  const settle = () => sleep(RACY_MARGIN_MS + 100);

  it('builds when the output is missing', () => {
    expect(isStale(target)).toBe(true);
  });

  it('does not rebuild an output built from the same sources', async () => {
    await build();
    writeStamp(target);
    expect(isStale(target)).toBe(false);
    // Rewriting a file with the same bytes (a checkout, a touch) changes nothing.
    await writeFile(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
    expect(isStale(target)).toBe(false);
  });

  it('rebuilds when a nested source changes, is added or is removed', async () => {
    await build();
    writeStamp(target);
    await writeFile(path.join(dir, 'src/nested/b.ts'), 'export const b = 3;\n');
    expect(isStale(target)).toBe(true);

    writeStamp(target);
    await writeFile(path.join(dir, 'src/nested/c.ts'), '');
    expect(isStale(target)).toBe(true);

    writeStamp(target);
    await rm(path.join(dir, 'src/nested/c.ts'));
    expect(isStale(target)).toBe(true);
  });

  it('rebuilds when the output was deleted even if the stamp is current', async () => {
    await build();
    writeStamp(target);
    await rm(path.join(dir, 'out/main.js'));
    expect(isStale(target)).toBe(true);
  });

  it('builds nothing for an unchanged tree, judged from file times without reading a file; an edited source rebuilds', async () => {
    await settle();
    builds = 0;
    expect(await buildIfStale(target, build)).toBe(true);
    expect(judge(target)).toEqual({ stale: false, by: 'file times' });
    expect(await buildIfStale(target, build)).toBe(false);
    expect(builds).toBe(1);

    await writeFile(path.join(dir, 'src/nested/b.ts'), 'export const b = 4;\n');
    expect(await buildIfStale(target, build)).toBe(true);
    expect(builds).toBe(2);
  });

  it('rebuilds an edit that keeps the size and modification time of the file', async () => {
    await settle();
    await buildIfStale(target, build);
    const file = path.join(dir, 'src/a.ts');
    const old = new Date(Date.now() - 60_000);
    await utimes(file, old, old);
    await settle();
    writeStamp(target);
    expect(judge(target).by).toBe('file times');
    // Same length, and the modification time put back: only the change time still moves.
    await writeFile(file, 'export const a = 9;\n');
    await utimes(file, old, old);
    expect(isStale(target)).toBe(true);
  });

  it('reads the sources again when one changed just before they were stamped', async () => {
    await build();
    writeStamp(target);
    // Within the racy margin a second edit in the same clock tick would leave the times as they were.
    expect(judge(target)).toEqual({ stale: false, by: 'contents' });
  });

  it('after a touch that changed no byte, goes back to judging from file times', async () => {
    await settle();
    await buildIfStale(target, build);
    const now = new Date();
    await utimes(path.join(dir, 'src/a.ts'), now, now);
    await settle();
    expect(judge(target)).toEqual({ stale: false, by: 'contents' });
    expect(judge(target)).toEqual({ stale: false, by: 'file times' });
  });

  it('runs under plain node, with no TypeScript loader', () => {
    const script = `const { judge } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'stale-check.mjs')).href)});
      console.log(JSON.stringify(judge(${JSON.stringify(target)})));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(JSON.parse(output)).toEqual({ stale: true, by: 'missing output' });
  });
});

describe("npm start's build targets", () => {
  const files = (target: BuildTarget) => new Set(target.inputs.map((input) => path.relative(repoRoot, input)));

  it('rebuild the server on a change to its sources, the shared workspace, the lockfile or the build config', () => {
    expect([...files(serverTarget)]).toEqual(
      expect.arrayContaining([
        'server/src',
        'shared/src',
        'package-lock.json',
        'build/start/bundle-server.ts',
        'build/start/build-if-stale.mjs',
      ]),
    );
  });

  it('rebuild the web app on a change to its sources, the shared workspace, the lockfile or the build config', () => {
    expect([...files(webTarget)]).toEqual(
      expect.arrayContaining([
        'web/src',
        'web/vite',
        'web/vite.config.ts',
        'shared/src',
        'package-lock.json',
        'build/start/build-if-stale.mjs',
      ]),
    );
  });

  it('are checked before the server starts by plain node', async () => {
    const { scripts } = (await import('../../package.json', { with: { type: 'json' } })).default as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toMatch(/^node build\/start\/build-if-stale\.mjs && /u);
  });
});
