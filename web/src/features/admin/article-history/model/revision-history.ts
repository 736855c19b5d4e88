import { AdminUiMessages as M, ARTICLE_FIELD_NAMES, normalizeTags, PublicUiMessages } from '@folio/shared';
import type { ArticleFieldName, ArticleFields, ArticleRevisionListItem, RevisionSource } from '@folio/shared';

const SOURCE_LABELS: Readonly<Record<RevisionSource, string>> = M.revisionSources;

export const FIELD_LABELS: Readonly<Record<ArticleFieldName, string>> = {
  title: M.titleLabel,
  category: PublicUiMessages.categoryLabel,
  tags: PublicUiMessages.tagsLabel,
  summary: M.summaryLabel,
  cover: M.coverLabel,
  content: M.contentLabel,
};

/** 浏览器 / 桌面版 / 导入 / AI / 接口; a source a newer server adds shows as it is sent. */
export function revisionSourceLabel(source: string): string {
  return Object.hasOwn(SOURCE_LABELS, source) ? SOURCE_LABELS[source as RevisionSource] : source;
}

/** The fields in which two versions differ, in the form's order. */
export function differingFields(a: ArticleFields, b: ArticleFields): ArticleFieldName[] {
  return ARTICLE_FIELD_NAMES.filter((field) => a[field] !== b[field]);
}

/**
 * A field as the history compares it: tags one to a line, so the diff shows which tags came and
 * went rather than one changed line of commas.
 */
export function comparableText(field: ArticleFieldName, fields: ArticleFields): string {
  return field === 'tags' ? normalizeTags(fields.tags).join('\n') : fields[field];
}

/** A version in the list, with its full fields once they are loaded. */
export interface RevisionWithFields {
  entry: ArticleRevisionListItem;
  fields?: ArticleFields | undefined;
}

/**
 * What a version changed from the one kept before it, so no two entries of the list read alike:
 * the fields it changed (once both versions' fields are loaded; before that what the list itself
 * shows, title and length) and how much the body grew or shrank. The oldest kept version says
 * whether it is the article's first.
 */
export function describeRevisionChange(version: RevisionWithFields, older: RevisionWithFields | undefined): string[] {
  if (older === undefined) return [version.entry.revision === 1 ? M.revisionFirst : M.revisionOldestKept];
  const changes: string[] = [];
  const fields =
    version.fields && older.fields
      ? differingFields(older.fields, version.fields)
      : listedDifferences(older.entry, version.entry);
  if (fields.length > 0) changes.push(M.revisionChanged(fields.map((field) => FIELD_LABELS[field]).join('、')));
  else if (version.fields && older.fields) changes.push(M.revisionNoChange);
  const growth = version.entry.body_length - older.entry.body_length;
  if (growth > 0) changes.push(M.revisionBodyGrew(growth));
  if (growth < 0) changes.push(M.revisionBodyShrank(-growth));
  return changes;
}

function listedDifferences(older: ArticleRevisionListItem, newer: ArticleRevisionListItem): ArticleFieldName[] {
  const fields: ArticleFieldName[] = [];
  if (older.title !== newer.title) fields.push('title');
  if (older.body_length !== newer.body_length) fields.push('content');
  return fields;
}
