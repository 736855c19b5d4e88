import type { AdminAvatar, Avatar } from '@folio/shared';
import type { AvatarRecord } from '../store/records.js';

/** The canonical URL of an upload (server/API.md §12); the original client's aliases serve the same file. */
export const uploadUrl = (filename: string) => `/uploads/${filename}`;

export function presentAvatar(avatar: AvatarRecord): Avatar {
  return {
    id: avatar.id,
    filename: avatar.filename,
    url: uploadUrl(avatar.filename),
    is_current: avatar.is_current,
    sort_order: avatar.sort_order,
    uploaded_at: avatar.uploaded_at,
  };
}

/** Admin items add `cropped_info`, stored as sent and never interpreted. */
export function presentAdminAvatar(avatar: AvatarRecord): AdminAvatar {
  return { ...presentAvatar(avatar), cropped_info: avatar.cropped_info ?? null };
}
