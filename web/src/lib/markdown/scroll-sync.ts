/**
 * Scroll sync between a Markdown editor and its preview, by source line: the preview's blocks carry
 * the line they start on (render-markdown.ts writes them when asked), and the preview is scrolled
 * so the block at the editor's top line sits at its top, interpolating inside long blocks.
 */

/** The attribute carrying a block's first source line (0-based). */
export const SOURCE_LINE_ATTRIBUTE = 'data-source-line';

interface Anchor {
  line: number;
  top: number;
}

/** The preview's blocks by source line, each with its offset from the top of the scrolled content. */
function anchorsOf(preview: HTMLElement): Anchor[] {
  const origin = preview.getBoundingClientRect().top - preview.scrollTop;
  const anchors: Anchor[] = [];
  for (const element of preview.querySelectorAll<HTMLElement>(`[${SOURCE_LINE_ATTRIBUTE}]`)) {
    const line = Number(element.getAttribute(SOURCE_LINE_ATTRIBUTE));
    const top = element.getBoundingClientRect().top - origin;
    // A nested block starting on its parent's line (a list's first item, its paragraph) adds nothing.
    const last = anchors.at(-1);
    if (last && line <= last.line) continue;
    anchors.push({ line, top: last ? Math.max(top, last.top) : top });
  }
  return anchors;
}

/**
 * The scrollTop that shows source line `line` (0-based, fractional inside a line) at the top of
 * `preview`; `lineCount` is the source's length, the end of the last block.
 */
export function previewScrollTopFor(preview: HTMLElement, line: number, lineCount: number): number {
  const anchors = anchorsOf(preview);
  const end: Anchor = { line: Math.max(lineCount, (anchors.at(-1)?.line ?? 0) + 1), top: preview.scrollHeight };
  let before: Anchor = { line: 0, top: 0 };
  let after = end;
  for (const anchor of anchors) {
    if (anchor.line <= line) before = anchor;
    else {
      after = anchor;
      break;
    }
  }
  const span = after.line - before.line;
  const fraction = span > 0 ? Math.min(1, Math.max(0, (line - before.line) / span)) : 0;
  return before.top + fraction * (after.top - before.top);
}
