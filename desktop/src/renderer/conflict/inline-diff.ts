/**
 * One side of a conflict against the base, as lines of marked runs: what the side added and what
 * it removed, inline, so the base, the server and the local text can stand side by side in three
 * columns and each column still shows what that side changed.
 */
import { sideBySideDiff } from '@folio/shared/text-diff';
import type { DiffRow, DiffSegment } from '@folio/shared/text-diff';

export type InlineLine = DiffSegment[];

/** Word runs of a changed line: each removed run before the added one that replaced it. */
function interleave(removedSide: readonly DiffSegment[], addedSide: readonly DiffSegment[]): DiffSegment[] {
  const runs: DiffSegment[] = [];
  let left = 0;
  let right = 0;
  while (left < removedSide.length || right < addedSide.length) {
    while (left < removedSide.length && removedSide[left]?.kind !== 'same') runs.push(removedSide[left++] as DiffSegment);
    while (right < addedSide.length && addedSide[right]?.kind !== 'same') runs.push(addedSide[right++] as DiffSegment);
    // The unchanged runs are the same on both sides: one copy of each.
    const same = removedSide[left] ?? addedSide[right];
    if (same) runs.push(same);
    left += 1;
    right += 1;
  }
  return runs;
}

function inlineLine(row: DiffRow): InlineLine {
  if (row.kind === 'same') return [{ kind: 'same', text: row.right?.text ?? '' }];
  if (row.kind === 'added') return [{ kind: 'added', text: row.right?.text ?? '' }];
  if (row.kind === 'removed') return [{ kind: 'removed', text: row.left?.text ?? '' }];
  const removed = row.left?.segments ?? [{ kind: 'removed', text: row.left?.text ?? '' }];
  const added = row.right?.segments ?? [{ kind: 'added', text: row.right?.text ?? '' }];
  return interleave(removed, added);
}

/** `text` as lines of runs marked against `base`. */
export function inlineDiffAgainstBase(base: string, text: string): InlineLine[] {
  return sideBySideDiff(base, text).map(inlineLine);
}
