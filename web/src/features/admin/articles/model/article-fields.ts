import type { AdminArticleDetail } from '@folio/shared';

/** The fields the owner edits (API 9.1); tags travel as one comma string. */
export interface ArticleFields {
  title: string;
  category: string;
  tags: string;
  summary: string;
  cover: string;
  content: string;
}

export const emptyArticle = (): ArticleFields => ({ title: '', category: '', tags: '', summary: '', cover: '', content: '' });

export function fieldsOf(article: AdminArticleDetail): ArticleFields {
  const { title, category, tags, summary, cover, content } = article;
  return { title, category, tags, summary, cover, content };
}
