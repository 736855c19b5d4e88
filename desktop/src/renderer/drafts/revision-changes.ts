/**
 * What a local snapshot differs in from the text being written, for the history drawer: line
 * counts, the changed lines marked word by word, the title it had and the other fields it differs
 * in. Each entry thus says what restoring it would bring back.
 */
import { ARTICLE_FIELD_NAMES, DesktopUiMessages as M } from '@folio/shared';
import type { ArticleFieldName, ArticleFields } from '@folio/shared';
import { diffSummary, sideBySideDiff } from '@folio/shared/text-diff';
import type { DiffSegment } from '@folio/shared/text-diff';
import { inlineDiffAgainstBase } from '../conflict/inline-diff';

/** Lines of changes shown per entry; the rest are counted. */
export const CHANGED_LINES_SHOWN = 6;

const OTHER_FIELD_LABELS: Partial<Record<ArticleFieldName, string>> = {
  category: M.category,
  tags: M.tags,
  summary: M.summary,
  cover: M.columnCover,
};

export interface RevisionChanges {
  same: boolean;
  counts: { added: number; removed: number; changed: number };
  /** The body's changed lines (snapshot to current): runs only the snapshot has are `removed`. */
  lines: DiffSegment[][];
  /** The snapshot's title, when it differs from the current one. */
  title: string | null;
  /** The names of the other fields that differ. */
  otherFields: string[];
}

export function revisionChanges(snapshot: ArticleFields, current: ArticleFields): RevisionChanges {
  const differing = ARTICLE_FIELD_NAMES.filter((field) => snapshot[field] !== current[field]);
  const lines = inlineDiffAgainstBase(snapshot.content, current.content).filter((line) =>
    line.some((run) => run.kind !== 'same'),
  );
  return {
    same: differing.length === 0,
    counts: diffSummary(sideBySideDiff(snapshot.content, current.content)),
    lines,
    title: differing.includes('title') ? snapshot.title : null,
    otherFields: differing.flatMap((field) => OTHER_FIELD_LABELS[field] ?? []),
  };
}
