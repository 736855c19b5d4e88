/**
 * Differences between two versions of a text, shaped for a side by side display: the desktop's
 * conflict view (the server's copy against the local one) and the web admin's history (a kept
 * version against the current one). Built on the `diff` library (jsdiff); this only shapes its
 * output into rows.
 *
 * API:
 * - `sideBySideDiff(left, right): DiffRow[]` — one row per line pair; a changed pair carries
 *   word-level segments (Chinese split into words by Intl.Segmenter).
 * - `diffSummary(rows)`: `{ added, removed, changed }` line counts.
 */
import { diffLines, diffWords } from 'diff';

export type SegmentKind = 'same' | 'added' | 'removed';

export interface DiffSegment {
  kind: SegmentKind;
  text: string;
}

export interface DiffCell {
  /** 1-based line number in its own text. */
  lineNo: number;
  text: string;
  /** Word-level marks inside a changed line; absent on unchanged, added-only or removed-only rows. */
  segments?: DiffSegment[];
}

export interface DiffRow {
  kind: 'same' | 'changed' | 'added' | 'removed';
  left: DiffCell | null;
  right: DiffCell | null;
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

function splitLines(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function wordSegments(left: string, right: string): { left: DiffSegment[]; right: DiffSegment[] } {
  const leftSegments: DiffSegment[] = [];
  const rightSegments: DiffSegment[] = [];
  for (const change of diffWords(left, right, { intlSegmenter: segmenter })) {
    if (change.added) rightSegments.push({ kind: 'added', text: change.value });
    else if (change.removed) leftSegments.push({ kind: 'removed', text: change.value });
    else {
      leftSegments.push({ kind: 'same', text: change.value });
      rightSegments.push({ kind: 'same', text: change.value });
    }
  }
  return { left: leftSegments, right: rightSegments };
}

/** `left` is the older or other text, `right` the newer one: `removed` is only on the left. */
export function sideBySideDiff(left: string, right: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let leftNo = 0;
  let rightNo = 0;
  const changes = diffLines(left.replace(/\r\n?/g, '\n'), right.replace(/\r\n?/g, '\n'));
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index];
    if (!change) continue;
    if (!change.added && !change.removed) {
      for (const text of splitLines(change.value)) {
        rows.push({ kind: 'same', left: { lineNo: ++leftNo, text }, right: { lineNo: ++rightNo, text } });
      }
      continue;
    }
    // A removal followed by an addition is one edited block: pair its lines up side by side.
    const next = changes[index + 1];
    const removed = change.removed ? splitLines(change.value) : [];
    const added = change.added ? splitLines(change.value) : next?.added && change.removed ? splitLines(next.value) : [];
    if (change.removed && next?.added) index += 1;
    const paired = Math.max(removed.length, added.length);
    for (let line = 0; line < paired; line += 1) {
      const oldText = removed[line];
      const newText = added[line];
      if (oldText !== undefined && newText !== undefined) {
        const segments = wordSegments(oldText, newText);
        rows.push({
          kind: 'changed',
          left: { lineNo: ++leftNo, text: oldText, segments: segments.left },
          right: { lineNo: ++rightNo, text: newText, segments: segments.right },
        });
      } else if (oldText !== undefined) {
        rows.push({ kind: 'removed', left: { lineNo: ++leftNo, text: oldText }, right: null });
      } else if (newText !== undefined) {
        rows.push({ kind: 'added', left: null, right: { lineNo: ++rightNo, text: newText } });
      }
    }
  }
  return rows;
}

export function diffSummary(rows: readonly DiffRow[]): { added: number; removed: number; changed: number } {
  return {
    added: rows.filter((row) => row.kind === 'added').length,
    removed: rows.filter((row) => row.kind === 'removed').length,
    changed: rows.filter((row) => row.kind === 'changed').length,
  };
}
