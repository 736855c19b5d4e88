import type { AdminAvatar, Avatar, PublicImage } from '@folio/shared';
import type { AvatarRecord } from '../store/records.js';

/** The canonical URL of an upload (server/API.md §12); the original client's aliases serve the same file. */
export const uploadUrl = (filename: string) => `/uploads/${filename}`;

/** A public avatar; `image`, the page sizes of its file once made, is added when given (server/API.md §E11.1). */
export function presentAvatar(avatar: AvatarRecord, image?: PublicImage): Avatar {
  const presented: Avatar = {
    id: avatar.id,
    filename: avatar.filename,
    url: uploadUrl(avatar.filename),
    is_current: avatar.is_current,
    sort_order: avatar.sort_order,
    uploaded_at: avatar.uploaded_at,
  };
  return image ? { ...presented, image } : presented;
}

/** Admin items add `cropped_info`, stored as sent and never interpreted. */
export function presentAdminAvatar(avatar: AvatarRecord): AdminAvatar {
  return { ...presentAvatar(avatar), cropped_info: avatar.cropped_info ?? null };
}
