import { ServerMessages as M } from '@folio/shared';
import type { ArticlePublication, ArticleStatus } from '@folio/shared';
import { validationFailed } from '../errors.js';

/** What a POST or PUT asked for; either may be absent (the original client sends neither). */
export interface PublicationRequest {
  status?: ArticleStatus | undefined;
  publish_at?: string | undefined;
}

const publishAtError = (msg: string) => validationFailed([{ field: 'publish_at', msg }]);

/** Just the status and schedule of a record that has more (a stored article). */
const publicationOf = ({ status, publish_at }: ArticlePublication): ArticlePublication => ({ status, publish_at });

/**
 * The status and `publish_at` a request leads to (server/API.md §E8). `current` is the stored
 * article (`undefined` on create), `now` the server's clock and `createdAt` the new article's
 * date; all are server/API.md §1.4 timestamps, so comparing the text compares the times.
 *
 * - No status: a new article is published; an existing one keeps its status (the original
 *   client sends the whole article back without one: its saves keep a draft a draft).
 * - `draft`: `publish_at` is cleared.
 * - `scheduled`: `publish_at` (sent, or the one already scheduled) must be after `now`. A copy
 *   sent back unchanged is no change: the schedule it names stands, or already went out.
 * - `published`: the date sent (back-dating; never later than `now`, that is what `scheduled`
 *   is for), else the date it was published, else `now` (or, on create, `createdAt`: an
 *   imported post went public when it was written).
 *
 * A broken rule is a 400 naming `publish_at`, and nothing is changed.
 */
export function resolvePublication(
  request: PublicationRequest,
  current: ArticlePublication | undefined,
  now: string,
  createdAt: string = now,
): ArticlePublication {
  const status = request.status ?? current?.status ?? 'published';
  if (status === 'draft') return { status, publish_at: null };
  if (status === 'scheduled') return schedule(request.publish_at, current, now);
  if (request.publish_at !== undefined) {
    if (request.publish_at > now) throw publishAtError(M.publishAtInFuture);
    return { status, publish_at: request.publish_at };
  }
  if (current?.status === 'published' && current.publish_at !== null) return publicationOf(current);
  // A post dated later than now (a clock gone wrong where it was written) goes public now.
  return { status, publish_at: current !== undefined || createdAt > now ? now : createdAt };
}

function schedule(requested: string | undefined, current: ArticlePublication | undefined, now: string): ArticlePublication {
  const publishAt = requested ?? (current?.status === 'scheduled' ? current.publish_at : null);
  if (publishAt === null) throw publishAtError(M.publishAtRequired);
  const resent = current !== undefined && current.status !== 'draft' && current.publish_at === publishAt;
  // The schedule as it was read: due any moment, or already published by it (a copy read before).
  if (resent && publishAt <= now) return publicationOf(current);
  if (publishAt <= now) throw publishAtError(M.publishAtNotFuture);
  return { status: 'scheduled', publish_at: publishAt };
}

/**
 * What an article must hold after a change (server/API.md §E8): a draft a title or a body, any
 * other article both. Publishing a draft that lacks one says so in the words of 发布.
 */
export function requireTitleAndBodyFor(
  status: ArticleStatus,
  previous: ArticleStatus,
  { title, content }: { title: string; content: string },
): void {
  const hasTitle = title.trim() !== '';
  const hasBody = content.trim() !== '';
  if (status === 'draft') {
    if (!hasTitle && !hasBody) throw validationFailed([{ field: 'title', msg: M.draftNeedsTitleOrContent }]);
    return;
  }
  if (hasTitle && hasBody) return;
  const msg = previous === 'draft' ? M.publishNeedsTitleAndContent : M.titleAndContentRequired;
  throw validationFailed([{ field: hasTitle ? 'content' : 'title', msg }]);
}
