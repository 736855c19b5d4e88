/**
 * Saved servers ("profiles") of the connection screen, kept in `<dir>/profiles.json`.
 *
 * API:
 * - `normalizeServerUrl(input): { ok: true; url } | { ok: false; message }` — trims, requires
 *   http(s), drops a trailing slash, refuses credentials; Chinese messages.
 * - `ProfileStore.open(dir): Promise<ProfileStore>`
 *   - `list(): ProfilesSnapshot` ({ profiles, activeId })
 *   - `active(): ServerProfile | undefined`, `get(id)`
 *   - `save(input: ServerProfileInput): Promise<ServerProfile>` — creates (no id) or updates;
 *     throws {@link ProfileError} with the Chinese message of the first bad field
 *   - `remove(id)`, `activate(id)` — both persist at once
 * Every change is written atomically (temp, fsync, rename); changes are serialised.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DesktopMessages as D, serverProfileInputSchema } from '@folio/shared';
import type { ServerProfileInput } from '@folio/shared';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { createSerialQueue } from './serial-queue.js';

export interface ServerProfile {
  id: string;
  name: string;
  /** Normalised origin plus optional base path, no trailing slash. */
  url: string;
  username: string;
  remember: boolean;
}

export interface ProfilesSnapshot {
  profiles: ServerProfile[];
  activeId: string | null;
}

/** A profile the user typed that cannot be saved; `message` is shown as is. */
export class ProfileError extends Error {
  override name = 'ProfileError';
}

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

export function normalizeServerUrl(input: string): UrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, message: D.urlRequired };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: D.urlMalformed };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return { ok: false, message: D.urlMalformed };
  if (url.username || url.password) return { ok: false, message: D.urlHasCredentials };
  // Query and fragment mean nothing to an API base; keep origin and base path only.
  const base = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${base}` };
}

const storedProfileSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  url: z.string(),
  username: z.string(),
  remember: z.boolean(),
});
const profilesFileSchema = z.object({
  version: z.literal(1),
  activeId: z.string().nullable(),
  profiles: z.array(storedProfileSchema),
});

const FILE_NAME = 'profiles.json';

export class ProfileStore {
  private readonly queue = createSerialQueue();

  private constructor(
    private readonly file: string,
    private state: ProfilesSnapshot,
  ) {}

  static async open(dir: string): Promise<ProfileStore> {
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, FILE_NAME);
    const parsed = profilesFileSchema.safeParse(await readJsonFile(file));
    const state = parsed.success
      ? { profiles: parsed.data.profiles, activeId: parsed.data.activeId }
      : { profiles: [], activeId: null };
    return new ProfileStore(file, state);
  }

  list(): ProfilesSnapshot {
    return structuredClone(this.state);
  }

  get(id: string): ServerProfile | undefined {
    const found = this.state.profiles.find((profile) => profile.id === id);
    return found && { ...found };
  }

  active(): ServerProfile | undefined {
    return this.state.activeId ? this.get(this.state.activeId) : undefined;
  }

  save(input: ServerProfileInput): Promise<ServerProfile> {
    return this.change((state) => {
      const parsed = serverProfileInputSchema.safeParse(input);
      if (!parsed.success) throw new ProfileError(parsed.error.issues[0]?.message ?? D.urlMalformed);
      const url = normalizeServerUrl(parsed.data.url);
      if (!url.ok) throw new ProfileError(url.message);
      const profile: ServerProfile = {
        id: parsed.data.id ?? randomUUID(),
        name: parsed.data.name,
        url: url.url,
        username: parsed.data.username,
        remember: parsed.data.remember,
      };
      const index = state.profiles.findIndex((existing) => existing.id === profile.id);
      if (parsed.data.id && index < 0) throw new ProfileError(D.profileNotFound);
      if (index >= 0) state.profiles[index] = profile;
      else state.profiles.push(profile);
      // The first saved server is the one the app connects to.
      state.activeId ??= profile.id;
      return { ...profile };
    });
  }

  remove(id: string): Promise<ProfilesSnapshot> {
    return this.change((state) => {
      if (!state.profiles.some((profile) => profile.id === id)) throw new ProfileError(D.profileNotFound);
      state.profiles = state.profiles.filter((profile) => profile.id !== id);
      if (state.activeId === id) state.activeId = state.profiles[0]?.id ?? null;
      return structuredClone(state);
    });
  }

  activate(id: string): Promise<ServerProfile> {
    return this.change((state) => {
      const profile = state.profiles.find((existing) => existing.id === id);
      if (!profile) throw new ProfileError(D.profileNotFound);
      state.activeId = id;
      return { ...profile };
    });
  }

  /** Applies `edit` to a copy, writes it durably, and only then makes it the current state. */
  private change<T>(edit: (state: ProfilesSnapshot) => T): Promise<T> {
    return this.queue.run(async () => {
      const next = structuredClone(this.state);
      const result = edit(next);
      await writeJsonFile(this.file, { version: 1, ...next });
      this.state = next;
      return result;
    });
  }
}
