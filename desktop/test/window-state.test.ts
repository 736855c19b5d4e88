import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWindowState, placeWindow, saveWindowState } from '../src/core/window-state.js';

const laptop = { x: 0, y: 0, width: 1440, height: 870 };
const external = { x: 1440, y: 0, width: 2560, height: 1400 };

describe('placeWindow', () => {
  it('keeps saved bounds that are still on a display', () => {
    const saved = { x: 1600, y: 100, width: 1280, height: 800 };
    expect(placeWindow(saved, [laptop, external])).toEqual(saved);
  });

  it('brings a window back to the primary display when its monitor is gone, shrinking it to fit', () => {
    const placed = placeWindow({ x: 1600, y: 100, width: 2000, height: 1200 }, [laptop]);
    expect(placed).toEqual({ x: 0, y: 0, width: 1440, height: 870 });
  });

  it('pulls a window whose title bar is off screen back inside the display it overlaps', () => {
    const placed = placeWindow({ x: 200, y: -500, width: 800, height: 700 }, [laptop]);
    expect(placed).toEqual({ x: 200, y: 0, width: 800, height: 700 });
  });

  it('centres the default size when nothing was saved', () => {
    expect(placeWindow(undefined, [laptop])).toEqual({ x: 80, y: 35, width: 1280, height: 800 });
  });
});

describe('window state file', () => {
  it('round-trips and ignores a damaged file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'folio-window-'));
    try {
      const file = path.join(dir, 'window.json');
      expect(await loadWindowState(file)).toBeUndefined();
      await writeFile(file, '{"bounds": {"x": "left"');
      expect(await loadWindowState(file)).toBeUndefined();
      const state = { bounds: { x: 10, y: 20, width: 900, height: 700 }, maximized: true };
      await saveWindowState(file, state);
      expect(await loadWindowState(file)).toEqual(state);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
