import type { EventName, EventPayload } from '../channels';
import type { PublishOutcome, PushOutcome } from '../core/sync';
import type { Connectivity } from './connectivity';

type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** The public page of an article on the server the desktop is connected to (web's `/articles/{id}`). */
export function articlePageUrl(serverUrl: string, articleId: number): string {
  return `${serverUrl.replace(/\/+$/, '')}/articles/${articleId}`;
}

/**
 * Tells the renderer what background work ended with, for a toast (and, from there, a native
 * notification when the window is not focused): a queued draft that the publish queue sent went
 * live, or a send ran into a conflict. An unanswered send also tells connectivity, so the watch
 * notices when the server is back and the queue goes out again.
 */
export function reportBackgroundOutcome(
  deps: { emit: Emit; connectivity: Connectivity },
  serverUrl: string,
  work: 'publish' | 'push',
  outcome: PublishOutcome | PushOutcome,
): void {
  if (outcome.status === 'offline') deps.connectivity.report(false);
  else if (outcome.status !== 'skipped') deps.connectivity.report(true);
  const { draft } = outcome;
  const title = draft.fields.title;
  if (outcome.status === 'conflict') {
    deps.emit('sync.outcome', { kind: 'conflict', draftId: draft.id, title, articleUrl: null });
  } else if (work === 'publish' && outcome.status === 'synced' && draft.articleId !== null) {
    deps.emit('sync.outcome', {
      kind: 'published',
      draftId: draft.id,
      title,
      articleUrl: articlePageUrl(serverUrl, draft.articleId),
    });
  }
}
