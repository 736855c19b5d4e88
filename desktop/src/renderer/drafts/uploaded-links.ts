/**
 * An image pasted offline is linked from the draft as `/draft-images/<profile>/<hash>.<ext>`;
 * once the sync uploaded it, the draft on disk says `/uploads/<name>` instead. An open editor
 * holds its own copy of the text: these find which of its links the stored text rewrote, so the
 * editor can follow without taking over anything else (the owner may be typing).
 */

const DRAFT_IMAGE_LINK = /\/draft-images\/[^\s)"'<>]+/g;
/** How much text around a link identifies it in the stored text: the rest of its line, at most this much. */
const CONTEXT_CHARS = 48;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The rewrites the stored text made of the editor's offline image links: each `/draft-images/…`
 * link of `editorText` whose surroundings appear in `storedText` around another link. A link
 * whose surroundings the stored text does not hold (edited since) is left alone.
 */
export function uploadedLinkRewrites(editorText: string, storedText: string): Map<string, string> {
  const rewrites = new Map<string, string>();
  for (const match of editorText.matchAll(DRAFT_IMAGE_LINK)) {
    const link = match[0];
    if (rewrites.has(link) || storedText.includes(link)) continue;
    const start = match.index;
    const lineStart = editorText.lastIndexOf('\n', start - 1) + 1;
    const lineEnd = editorText.indexOf('\n', start + link.length);
    const before = editorText.slice(Math.max(lineStart, start - CONTEXT_CHARS), start);
    const after = editorText.slice(
      start + link.length,
      Math.min(lineEnd === -1 ? editorText.length : lineEnd, start + link.length + CONTEXT_CHARS),
    );
    const found = new RegExp(`${escapeRegExp(before)}(/uploads/[^\\s)"'<>]+)${escapeRegExp(after)}`).exec(storedText);
    if (found?.[1]) rewrites.set(link, found[1]);
  }
  return rewrites;
}

/** `text` with each rewritten link replaced wherever it appears. */
export function applyLinkRewrites(text: string, rewrites: ReadonlyMap<string, string>): string {
  let result = text;
  for (const [from, to] of rewrites) result = result.split(from).join(to);
  return result;
}
