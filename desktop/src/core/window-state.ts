/**
 * The main window's remembered size and position, and putting it back on a screen that exists.
 *
 * API:
 * - `placeWindow(saved, displays, defaults?): WindowBounds` — pure: the saved bounds when they
 *   are still visible on a display's work area, else moved (and shrunk if needed) onto the
 *   display it overlapped most, or centred on the first (primary) display.
 * - `loadWindowState(file)` / `saveWindowState(file, state)` — JSON, written atomically.
 * - `WindowBounds`, `WindowState` ({ bounds, maximized }), `DisplayArea` ({ x, y, width, height }).
 */
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from './json-file.js';

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
const stateSchema = z.object({ bounds: boundsSchema, maximized: z.boolean() });

export type WindowBounds = z.infer<typeof boundsSchema>;
export type WindowState = z.infer<typeof stateSchema>;
/** A display's work area (Electron's `display.workArea`: the screen minus task bars). */
export type DisplayArea = WindowBounds;

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const;
export const MIN_WINDOW_SIZE = { width: 800, height: 600 } as const;
/** How much of the title bar must be on a screen for the window to count as reachable. */
const MIN_VISIBLE_PX = 100;

function overlap(a: WindowBounds, b: DisplayArea): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The window's top strip (where the title bar is) is on this display enough to grab it. */
function titleBarVisible(bounds: WindowBounds, display: DisplayArea): boolean {
  const strip = { x: bounds.x, y: bounds.y, width: bounds.width, height: Math.min(bounds.height, 40) };
  const width = Math.min(strip.x + strip.width, display.x + display.width) - Math.max(strip.x, display.x);
  const topInside = strip.y >= display.y && strip.y < display.y + display.height;
  return width >= MIN_VISIBLE_PX && topInside;
}

function fitInto(bounds: { width: number; height: number; x?: number; y?: number }, display: DisplayArea): WindowBounds {
  const width = Math.min(bounds.width, display.width);
  const height = Math.min(bounds.height, display.height);
  const centredX = display.x + Math.round((display.width - width) / 2);
  const centredY = display.y + Math.round((display.height - height) / 2);
  const x = bounds.x === undefined ? centredX : Math.min(Math.max(bounds.x, display.x), display.x + display.width - width);
  const y = bounds.y === undefined ? centredY : Math.min(Math.max(bounds.y, display.y), display.y + display.height - height);
  return { x, y, width, height };
}

export function placeWindow(
  saved: WindowBounds | undefined,
  displays: readonly DisplayArea[],
  defaults: { width: number; height: number } = DEFAULT_WINDOW_SIZE,
): WindowBounds {
  const primary = displays[0];
  if (!primary) return { x: 0, y: 0, ...defaults };
  if (!saved) return fitInto(defaults, primary);
  if (displays.some((display) => titleBarVisible(saved, display))) return saved;
  // The monitor it was on is gone (or the window was dragged off): bring it onto the display
  // it still overlaps most, keeping its size where that fits, else centred on the primary.
  const best = [...displays].sort((a, b) => overlap(saved, b) - overlap(saved, a))[0] ?? primary;
  if (overlap(saved, best) > 0) return fitInto(saved, best);
  return fitInto({ width: saved.width, height: saved.height }, primary);
}

export async function loadWindowState(file: string): Promise<WindowState | undefined> {
  const parsed = stateSchema.safeParse(await readJsonFile(file));
  return parsed.success ? parsed.data : undefined;
}

export function saveWindowState(file: string, state: WindowState): Promise<void> {
  return writeJsonFile(file, stateSchema.parse(state));
}
