import type { AdminCommentEvents, AdminPlatform } from '../../platform';
import { useAdminPlatform } from '../../platform';
import { createSocketCommentEvents } from './socket-comment-events';

const browserEvents = new WeakMap<AdminPlatform, AdminCommentEvents>();

/**
 * The live comment events of this admin: the platform's (the desktop's) when it has them, else
 * one browser connection per mounted admin, shared by the tab's badge and the comment page.
 */
export function commentEventsOf(platform: AdminPlatform): AdminCommentEvents {
  if (platform.commentEvents) return platform.commentEvents;
  let events = browserEvents.get(platform);
  if (!events) {
    events = createSocketCommentEvents({
      baseUrl: platform.apiBaseUrl,
      getToken: () => platform.tokenStorage.get(),
    });
    browserEvents.set(platform, events);
  }
  return events;
}

export function useCommentEvents(): AdminCommentEvents {
  return commentEventsOf(useAdminPlatform());
}
