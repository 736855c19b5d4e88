/**
 * The text 手动合并 starts from for a field merged by lines (the body, the summary): every change
 * of both sides, and where both changed the same lines, both versions between conflict markers
 * for the owner to settle. Unlike the merge 保留我的 sends, the server's side of an overlap is
 * in the editor too, not only on the screen above it.
 */
import { merge } from 'node-diff3';
import { DesktopUiMessages as M } from '@folio/shared';
import { sideBySideDiff } from '@folio/shared/text-diff';

const MARKER_LINE = /^(<{7}|={7}|>{7})( |$)/m;

function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/**
 * The merge with markers. Without a base (the server no longer keeps it), the lines both copies
 * share stand in for it: each side's other lines then count as its own additions, so none is
 * dropped, and the lines each side changed differently are marked.
 */
export function textWithConflictMarkers(base: string | null, local: string, remote: string): string {
  const localLines = splitLines(local);
  const remoteLines = splitLines(remote);
  const baseLines = base === null ? sharedLines(local, remote) : splitLines(base);
  const result: unknown[] = merge(localLines, baseLines, remoteLines, {
    label: { a: M.conflictMine, b: M.conflictTheirs },
  }).result;
  return result.join('\n');
}

function sharedLines(local: string, remote: string): string[] {
  // Each text ends in a line break here, so a last line compares equal to the same line elsewhere.
  return sideBySideDiff(`${local}\n`, `${remote}\n`).flatMap((row) => (row.kind === 'same' && row.left ? [row.left.text] : []));
}

/** Whether a text still holds a conflict marker line, which must not be published. */
export function hasConflictMarkers(text: string): boolean {
  return MARKER_LINE.test(text);
}
