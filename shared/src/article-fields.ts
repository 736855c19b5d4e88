import { z } from 'zod';
// Every module that builds a schema loads zod's Chinese messages and CSP-safe mode with it.
import './messages/zod-issues.js';

/**
 * The six fields of an article the owner edits, as the admin API answers them and as the web
 * form, the desktop's drafts and its bridge hold them (tags travel as one comma string). Plain
 * strings on purpose: a draft keeps an empty title mid-typing, and the server's article schemas
 * apply the real rules when the article is saved.
 */
export const articleFieldsSchema = z.object({
  title: z.string(),
  category: z.string(),
  tags: z.string(),
  summary: z.string(),
  cover: z.string(),
  content: z.string(),
});
export type ArticleFields = z.infer<typeof articleFieldsSchema>;
export type ArticleFieldName = keyof ArticleFields;

export const ARTICLE_FIELD_NAMES: readonly ArticleFieldName[] = articleFieldsSchema.keyof().options;

/** A new article: every field empty. A fresh object each time, so callers may mutate it. */
export function emptyArticleFields(): ArticleFields {
  return { title: '', category: '', tags: '', summary: '', cover: '', content: '' };
}

/** Just the editable fields of a record that has them (an admin article, a conflict copy). */
export function pickArticleFields(record: ArticleFields): ArticleFields {
  const { title, category, tags, summary, cover, content } = record;
  return { title, category, tags, summary, cover, content };
}

/** The editable fields a patch holds, and nothing else: keys outside the contract are dropped. */
export function pickArticleFieldPatch(patch: Partial<ArticleFields>): Partial<ArticleFields> {
  const picked: Partial<ArticleFields> = {};
  for (const name of ARTICLE_FIELD_NAMES) {
    const value = patch[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

export function sameArticleFields(a: ArticleFields, b: ArticleFields): boolean {
  return ARTICLE_FIELD_NAMES.every((name) => a[name] === b[name]);
}
