/**
 * Three-way merge of an article's editable fields: two copies edited apart (the browser's and the
 * desktop's, say) against the version both started from. A field only one side changed takes that
 * side; a field both changed alike is no conflict. When both changed a field differently, the body
 * and the summary are merged line by line with diff3 (node-diff3), so a conflict is only where both
 * sides changed the same lines; tags are merged as a list (what either side added is kept, what
 * either side removed goes); title, category and cover are a conflict.
 */
import { diff3Merge } from 'node-diff3';
import { ARTICLE_FIELD_NAMES } from './article-fields.js';
import type { ArticleFieldName, ArticleFields } from './article-fields.js';
import { normalizeTags } from './tags.js';

/** Lines both sides changed differently: each side's text of that block. */
export interface ConflictRegion {
  base: string;
  local: string;
  remote: string;
}

export interface FieldConflict {
  field: ArticleFieldName;
  /** The whole field as each copy has it. */
  base: string;
  local: string;
  remote: string;
  /** For the fields merged by lines (content, summary): just the blocks in conflict. */
  regions?: ConflictRegion[];
}

export interface ArticleMerge {
  /**
   * Every clean change of both sides. Where a field is in conflict it keeps the local text (for
   * content and summary only in the conflicting blocks, around which the other side's clean
   * changes are applied), so nothing typed locally is lost while the owner decides.
   */
  merged: ArticleFields;
  conflicts: FieldConflict[];
}

const LINE_MERGED_FIELDS: ReadonlySet<ArticleFieldName> = new Set(['content', 'summary']);

export function mergeArticleFields(base: ArticleFields, local: ArticleFields, remote: ArticleFields): ArticleMerge {
  const merged = { ...local };
  const conflicts: FieldConflict[] = [];
  for (const field of ARTICLE_FIELD_NAMES) {
    const values = { base: base[field], local: local[field], remote: remote[field] };
    const outcome = mergeField(field, values);
    merged[field] = outcome.text;
    if (outcome.regions !== null) {
      conflicts.push({ field, ...values, ...(LINE_MERGED_FIELDS.has(field) ? { regions: outcome.regions } : {}) });
    }
  }
  return { merged, conflicts };
}

interface FieldOutcome {
  text: string;
  /** null when the field merged cleanly. */
  regions: ConflictRegion[] | null;
}

function mergeField(field: ArticleFieldName, values: ConflictRegion): FieldOutcome {
  const { base, local, remote } = values;
  if (local === remote || remote === base) return { text: local, regions: null };
  if (local === base) return { text: remote, regions: null };
  if (field === 'tags') return { text: mergeTagLists(values), regions: null };
  if (LINE_MERGED_FIELDS.has(field)) return mergeLines(values);
  return { text: local, regions: [values] };
}

/**
 * Tags as lists rather than strings: the base's tags that both sides kept, then the ones each side
 * added (local's first). Spacing and repeats do not count as changes.
 */
function mergeTagLists({ base, local, remote }: ConflictRegion): string {
  const baseTags = normalizeTags(base);
  const localTags = normalizeTags(local);
  const remoteTags = normalizeTags(remote);
  const kept = baseTags.filter((tag) => localTags.includes(tag) && remoteTags.includes(tag));
  const added = [...localTags, ...remoteTags].filter((tag) => !baseTags.includes(tag));
  return normalizeTags([...kept, ...added]).join(',');
}

/**
 * diff3 by lines. Line ends are unified first: a copy saved on Windows would otherwise differ
 * from the others on every line.
 */
function mergeLines(values: ConflictRegion): FieldOutcome {
  const lines: string[] = [];
  const regions: ConflictRegion[] = [];
  const local = splitLines(values.local);
  const remote = splitLines(values.remote);
  for (const region of diff3Merge(local, splitLines(values.base), remote, { excludeFalseConflicts: true })) {
    // Loops, not spreads: a region may hold more lines than a call takes arguments.
    if (region.ok) for (const line of region.ok) lines.push(line);
    else if (region.conflict) {
      const { a, o, b } = region.conflict;
      for (const line of a) lines.push(line);
      regions.push({ base: o.join('\n'), local: a.join('\n'), remote: b.join('\n') });
    }
  }
  return { text: lines.join('\n'), regions: regions.length > 0 ? regions : null };
}

function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}
