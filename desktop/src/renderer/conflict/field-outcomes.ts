/**
 * What the merge against the common base did with each of the six fields, so the conflict screen
 * can say it for every field: untouched, taken from the one side that changed it, merged from
 * both, or a real overlap the owner decides.
 */
import { ARTICLE_FIELD_NAMES } from '@folio/shared';
import type { ArticleFieldName, ArticleFields } from '@folio/shared';
import { mergeArticleFields } from '@folio/shared/three-way-merge';
import type { ConflictRegion } from '@folio/shared/three-way-merge';

export type FieldOutcomeKind =
  /** Neither side changed it. */
  | 'unchanged'
  /** Both sides changed it to the same text. */
  | 'same'
  /** Only the server changed it: the merge takes the server's. */
  | 'server'
  /** Only this machine changed it: the merge keeps the local one. */
  | 'local'
  /** Both changed it in different places (lines, tags): the merge holds both changes. */
  | 'merged'
  /** Both changed the same place: the owner decides. */
  | 'conflict';

export interface FieldOutcome {
  field: ArticleFieldName;
  kind: FieldOutcomeKind;
  /** Null when the server no longer keeps the version both sides started from. */
  base: string | null;
  local: string;
  remote: string;
  /** What 保留我的 sends: the merge, with the local side of each overlap. */
  merged: string;
  /** For the body and the summary in conflict: only the blocks both sides changed. */
  regions?: ConflictRegion[];
}

/** Both sides changed the field: the screen shows its base, server and local text. */
export function changedOnBothSides(outcome: FieldOutcome): boolean {
  return outcome.kind === 'merged' || outcome.kind === 'conflict';
}

/**
 * Every field's outcome. Without a base nothing can be merged: a field the two sides hold
 * differently is a conflict, and 保留我的 keeps the local text of it.
 */
export function describeFieldOutcomes(base: ArticleFields | null, local: ArticleFields, remote: ArticleFields): FieldOutcome[] {
  const merge = base ? mergeArticleFields(base, local, remote) : null;
  return ARTICLE_FIELD_NAMES.map((field) => {
    const sides = { base: base?.[field] ?? null, local: local[field], remote: remote[field] };
    const conflict = merge?.conflicts.find((candidate) => candidate.field === field);
    const outcome: FieldOutcome = { field, kind: 'conflict', ...sides, merged: merge?.merged[field] ?? local[field] };
    if (conflict?.regions) outcome.regions = conflict.regions;
    outcome.kind = outcomeKind(sides, conflict !== undefined);
    return outcome;
  });
}

function outcomeKind(
  { base, local, remote }: { base: string | null; local: string; remote: string },
  overlaps: boolean,
): FieldOutcomeKind {
  if (local === remote) return local === base ? 'unchanged' : 'same';
  if (base === null || overlaps) return 'conflict';
  if (remote === base) return 'local';
  if (local === base) return 'server';
  return 'merged';
}
