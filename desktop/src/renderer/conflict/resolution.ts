/**
 * What the conflict screen sends and what it then tells the owner: the per-field decisions of
 * 手动合并 turned into the bridge's resolution, and for each choice a message that says what it
 * did (taking the server's copy did not publish anything; a resolution published only when a
 * 发布 was under way).
 */
import { DesktopUiMessages as M } from '@folio/shared';
import type { ArticleFieldName } from '@folio/shared';
import type { PublishResult, ResolveConflictInput } from '../../channels';
import { changedOnBothSides } from './field-outcomes';
import type { FieldOutcome } from './field-outcomes';
import { hasConflictMarkers, textWithConflictMarkers } from './merge-markers';

export type FieldChoice = 'server' | 'local' | 'manual';

export interface FieldDecision {
  choice: FieldChoice;
  /** The hand-edited text, used when the choice is `manual`. */
  text: string;
}

export type FieldDecisions = Partial<Record<ArticleFieldName, FieldDecision>>;

/** Merged by lines: their hand edit starts from the merge with both sides of each overlap marked. */
const LINE_FIELDS: ReadonlySet<ArticleFieldName> = new Set(['content', 'summary']);

/**
 * Each field both sides changed starts as a hand edit of the merge: both changes, and for the body
 * and the summary both sides of each overlap between markers. Never the local text alone.
 */
export function initialDecisions(outcomes: readonly FieldOutcome[]): FieldDecisions {
  const decisions: FieldDecisions = {};
  for (const outcome of outcomes.filter(changedOnBothSides)) {
    const text = LINE_FIELDS.has(outcome.field)
      ? textWithConflictMarkers(outcome.base, outcome.local, outcome.remote)
      : outcome.merged;
    decisions[outcome.field] = { choice: 'manual', text };
  }
  return decisions;
}

export function decidedValue(outcome: FieldOutcome, decision: FieldDecision | undefined): string {
  if (!decision) return outcome.merged;
  if (decision.choice === 'server') return outcome.remote;
  if (decision.choice === 'local') return outcome.local;
  return decision.text;
}

/** The fields whose hand edit still holds conflict markers (they must not reach the site). */
export function fieldsWithMarkers(outcomes: readonly FieldOutcome[], decisions: FieldDecisions): ArticleFieldName[] {
  return outcomes
    .filter((outcome) => decisions[outcome.field]?.choice === 'manual')
    .filter((outcome) => hasConflictMarkers(decidedValue(outcome, decisions[outcome.field])))
    .map((outcome) => outcome.field);
}

/** 手动合并's resolution: the body always, and every field both sides changed as decided. */
export function mergedResolution(id: string, outcomes: readonly FieldOutcome[], decisions: FieldDecisions): ResolveConflictInput {
  const input: ResolveConflictInput = { id, choice: 'merged' };
  for (const outcome of outcomes) {
    const value = decidedValue(outcome, decisions[outcome.field]);
    if (outcome.field === 'content') input.text = value;
    else if (decisions[outcome.field]) input[outcome.field] = value;
  }
  return input;
}

const RESOLVED: Record<ResolveConflictInput['choice'], string> = {
  theirs: M.resolvedTookServer,
  mine: M.resolvedKeptMine,
  merged: M.resolvedMerged,
};

/** Sent as the background sync sends (a server draft, an autosave): nothing went live. */
const RESOLVED_UNPUBLISHED: Record<ResolveConflictInput['choice'], string> = {
  theirs: M.resolvedTookServer,
  mine: M.resolvedKeptMineUnpublished,
  merged: M.resolvedMergedUnpublished,
};

/**
 * The result with the message of what the choice did. Only a finished resolution gets one: a
 * resolution queued offline keeps the sync's one offline message, a new conflict or a refusal
 * its own words.
 */
export function describeResolution(
  choice: ResolveConflictInput['choice'],
  result: PublishResult,
  serverDeleted: boolean,
): PublishResult {
  if (result.status !== 'synced') return result;
  // Only a conflict a 发布 ran into publishes its resolution (desktop/src/core/sync.ts): a server
  // draft stays a draft, a published article's edit goes to its autosave (still 仅本地).
  const published = result.draft.state === 'synced' && result.draft.serverStatus !== 'draft';
  // With the server copy deleted, keeping mine makes it again as a new article.
  if (serverDeleted) return { ...result, message: published ? M.published : M.resolvedRecreatedUnpublished };
  return { ...result, message: (published ? RESOLVED : RESOLVED_UNPUBLISHED)[choice] };
}
