/**
 * What the background sync and 草稿箱 read from a stored draft: whether the server lacks its
 * latest text, whether there is anything to send, and whether it waits for the owner (the count
 * on the 草稿箱 tab).
 */
import { DesktopMessages as D } from '@folio/shared';
import type { StoredDraft } from './draft-file.js';

/** A title or a body: the least a server draft holds (a draft with neither stays on this machine). */
export function hasSendableText(draft: Pick<StoredDraft, 'fields'>): boolean {
  return draft.fields.title.trim() !== '' || draft.fields.content.trim() !== '';
}

/** The server lacks this draft's latest text: never sent, or saved again since the last send. */
export function isUnsent(draft: StoredDraft): boolean {
  if (draft.articleId === null) return true;
  return draft.state !== 'synced' && draft.pushedSeq !== draft.seq;
}

/**
 * The draft needs the owner: a conflict to resolve, a send the server refused or failed (a
 * publish queued while offline is not one: it goes out by itself), or words that exist only on
 * this machine because the server has no article of them yet.
 */
export function waitsForOwner(draft: StoredDraft): boolean {
  if (draft.state === 'conflict') return true;
  if (draft.lastError !== null && draft.lastError !== D.offlineQueued) return true;
  return draft.state === 'local' && draft.articleId === null && hasSendableText(draft);
}
