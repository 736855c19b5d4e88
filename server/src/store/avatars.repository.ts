import type { Store } from './store.js';
import { takeNextId } from './record-ids.js';
import type { AvatarRecord } from './records.js';
import { isoNow } from './clock.js';
import { bySortOrder } from './skills-and-contacts.repository.js';

/**
 * Re-establishes the avatar rule of server/API.md §3.3 in place: exactly one current avatar whenever any
 * exist, first in the order, and `sort_order` 0..n-1. Among several current avatars the latest
 * `uploaded_at` wins (then the highest id); with none current, the first in order becomes it.
 */
export function normalizeAvatars(items: AvatarRecord[]): AvatarRecord[] {
  const ordered = [...items].sort(bySortOrder);
  const candidates = ordered.filter((avatar) => avatar.is_current);
  const current =
    candidates.length === 0
      ? ordered[0]
      : candidates.reduce((best, avatar) =>
          avatar.uploaded_at > best.uploaded_at || (avatar.uploaded_at === best.uploaded_at && avatar.id > best.id)
            ? avatar
            : best,
        );
  const result = current ? [current, ...ordered.filter((avatar) => avatar !== current)] : ordered;
  result.forEach((avatar, index) => {
    avatar.is_current = avatar === current;
    avatar.sort_order = index;
  });
  return result;
}

/** Avatars, current first. Every change keeps the rule of {@link normalizeAvatars}. */
export class AvatarsRepository {
  constructor(private readonly store: Store) {}

  list(): AvatarRecord[] {
    return [...this.store.state.avatars.items].sort(bySortOrder);
  }

  find(id: number): AvatarRecord | undefined {
    return this.store.state.avatars.items.find((avatar) => avatar.id === id);
  }

  /** Adds an avatar that becomes current and moves to the front. */
  create(filename: string, croppedInfo: unknown): Promise<AvatarRecord> {
    return this.store.mutate(['avatars'], (state) => {
      const record: AvatarRecord = {
        id: takeNextId(state.avatars),
        filename,
        is_current: true,
        sort_order: -1,
        cropped_info: croppedInfo,
        uploaded_at: isoNow(),
      };
      for (const avatar of state.avatars.items) avatar.is_current = false;
      state.avatars.items = normalizeAvatars([...state.avatars.items, record]);
      return record;
    });
  }

  /** Makes an avatar current and first; the others keep their relative order. */
  setCurrent(id: number): Promise<AvatarRecord[] | undefined> {
    if (!this.find(id)) return Promise.resolve(undefined);
    return this.store.mutate(['avatars'], (state) => {
      for (const avatar of state.avatars.items) avatar.is_current = avatar.id === id;
      state.avatars.items = normalizeAvatars(state.avatars.items);
      return this.list();
    });
  }

  /** True when `ids` names every stored avatar exactly once. */
  matchesAll(ids: readonly number[]): boolean {
    const stored = new Set(this.store.state.avatars.items.map((avatar) => avatar.id));
    return ids.length === stored.size && ids.every((id) => stored.has(id));
  }

  /** Applies a whole-list order (see {@link matchesAll}); the first id becomes current. */
  reorder(ids: readonly number[]): Promise<AvatarRecord[]> {
    return this.store.mutate(['avatars'], (state) => {
      const position = new Map(ids.map((id, index) => [id, index]));
      for (const avatar of state.avatars.items) {
        avatar.sort_order = position.get(avatar.id) ?? avatar.sort_order;
        avatar.is_current = avatar.id === ids[0];
      }
      state.avatars.items = normalizeAvatars(state.avatars.items);
      return this.list();
    });
  }

  /** Removes the row; if it was current, the next one in order becomes current. */
  remove(id: number): Promise<AvatarRecord | undefined> {
    const avatar = this.find(id);
    if (!avatar) return Promise.resolve(undefined);
    return this.store.mutate(['avatars'], (state) => {
      state.avatars.items = normalizeAvatars(state.avatars.items.filter((candidate) => candidate.id !== id));
      return avatar;
    });
  }
}
