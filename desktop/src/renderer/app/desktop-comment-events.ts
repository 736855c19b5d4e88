import type { AdminCommentEvents } from '../web-admin';
import { folioBridge } from '../bridge/folio-bridge';

/**
 * The admin's live comment events on the desktop: main holds the connection to the server
 * (desktop/src/core/comment-feed.ts) and forwards each notice and each change of the counts over
 * the bridge. The renderer's own origin would be refused by the server's origin check, and it
 * never holds the token.
 */
export function desktopCommentEvents(): AdminCommentEvents {
  const bridge = folioBridge();
  return {
    onCommentCreated: (listener) => bridge.on('comments.created', ({ notice }) => listener(notice)),
    onCommentsChanged: (listener) => bridge.on('comments.changed', () => listener()),
  };
}
