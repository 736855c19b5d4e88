import type { PostedComment, PublicComment } from '@folio/shared';

const KEY = 'folio_held_comments';
/** A bound on what one browser keeps: the oldest go first. */
const MAX_KEPT = 50;

/** A comment this browser posted that waits for review, with the token to ask after it (server/API.md §E12.6). */
export interface HeldComment extends PublicComment {
  held_token: string;
}

function readAll(): HeldComment[] {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(stored)
      ? stored.filter(
          (entry): entry is HeldComment =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as HeldComment).id === 'number' &&
            typeof (entry as HeldComment).held_token === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function writeAll(entries: HeldComment[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(entries.slice(-MAX_KEPT)));
  } catch {
    // Storage full or disabled: the comment is still held on the server, only this reminder is lost.
  }
}

/** The held comments this browser posted on an article, oldest first. */
export function readHeldComments(articleId: number): HeldComment[] {
  return readAll().filter((entry) => entry.article_id === articleId);
}

/** Keeps a held comment in this browser only; one without a token (an older server) cannot be asked after, so is not kept. */
export function rememberHeldComment(posted: PostedComment): HeldComment | null {
  if (posted.status !== 'pending' || !posted.held_token) return null;
  const { status: _status, held_token, ...comment } = posted;
  const held: HeldComment = { ...comment, held_token };
  writeAll([...readAll().filter((entry) => entry.id !== held.id), held]);
  return held;
}

/** Forgets comments that were shown or deleted. */
export function forgetHeldComments(ids: readonly number[]): void {
  if (ids.length === 0) return;
  writeAll(readAll().filter((entry) => !ids.includes(entry.id)));
}
