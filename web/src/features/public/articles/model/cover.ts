/** Where a cover is loaded from: absolute URLs as they are, paths from the site origin. */
export function coverSrc(cover: string): string {
  if (!cover) return '';
  return /^https?:\/\//i.test(cover) ? cover : `/${cover.replace(/^\/+/, '')}`;
}

export const DEFAULT_COVER = '/default-cover.svg';
