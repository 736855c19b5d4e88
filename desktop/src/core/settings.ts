/**
 * The desktop's own settings, kept in `<dir>/settings.json` (for every server alike).
 *
 * API:
 * - `SettingsStore.open(dir): Promise<SettingsStore>` — a missing or unreadable file opens with
 *   the defaults
 *   - `get(): DesktopSettings`
 *   - `save(patch): Promise<DesktopSettings>` — written atomically, changes serialised
 * - `DesktopSettings.mirrorLimitMb`: the bound on each server's mirrored bodies (core/mirror.ts).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIRROR_LIMIT_MB } from '../channels/mirror.schema.js';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { createSerialQueue } from './serial-queue.js';

const settingsSchema = z.object({
  mirrorLimitMb: z.number().int().min(MIRROR_LIMIT_MB.min).max(MIRROR_LIMIT_MB.max).catch(MIRROR_LIMIT_MB.default),
});
export type DesktopSettings = z.infer<typeof settingsSchema>;

const FILE_NAME = 'settings.json';

export class SettingsStore {
  private readonly queue = createSerialQueue();

  private constructor(
    private readonly file: string,
    private settings: DesktopSettings,
  ) {}

  static async open(dir: string): Promise<SettingsStore> {
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, FILE_NAME);
    const stored: unknown = await readJsonFile(file);
    return new SettingsStore(file, settingsSchema.parse(typeof stored === 'object' && stored !== null ? stored : {}));
  }

  get(): DesktopSettings {
    return { ...this.settings };
  }

  save(patch: Partial<DesktopSettings>): Promise<DesktopSettings> {
    return this.queue.run(async () => {
      const next = settingsSchema.parse({ ...this.settings, ...patch });
      await writeJsonFile(this.file, { version: 1, ...next });
      this.settings = next;
      return { ...next };
    });
  }
}
