import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArticleRecord, CollectionFile, CommentRecord } from '../../src/store/records.js';

export interface Format2Options {
  articles: number;
  /** Comments spread round-robin over the articles, article 1 first. */
  comments: number;
  /** Ids taken by comments deleted before the migration, so `next_id` is above every stored id. */
  deletedComments?: number;
}

/** An article as formats 1 to 3 stored it: before drafts, every article was public and had no status (nor a slug). */
export type StoredBeforeStatus = Omit<ArticleRecord, 'status' | 'publish_at' | 'slug'>;

export interface Format2Directory {
  articles: StoredBeforeStatus[];
  comments: CommentRecord[];
  nextCommentId: number;
  /** The last article is in the recycle bin: its comments must survive the migration too. */
  binnedArticleId: number;
}

/** An article record as format 2 stored it (format 1 had no `revision`). */
export const buildStoredArticle = (id: number, deletedAt: string | null): StoredBeforeStatus => ({
  id,
  title: `旧文章 ${id}`,
  category: '前端开发',
  tags: ['React'],
  summary: '',
  cover: '',
  created_at: '2025-08-10T09:07:06Z',
  updated_at: '2025-08-10T09:07:06Z',
  deleted_at: deletedAt,
  body_rev: 1,
  revision: 2,
});

const buildComment = (id: number, articleId: number): CommentRecord => ({
  id,
  article_id: articleId,
  author: `读者${id}`,
  email: id % 2 === 0 ? `r${id}@example.com` : '',
  content: `第 ${id} 条评论`,
  ip_address: '203.0.113.7',
  user_agent: 'Mozilla/5.0',
  created_at: new Date(Date.UTC(2025, 7, 10, 9, 0, id % 60, id % 1000)).toISOString().replace('.000Z', 'Z'),
});

/**
 * Writes a data directory exactly as format 2 stored it: every comment of the site in one
 * `comments.json`, the layout the version 3 migration splits by article.
 */
export async function writeFormat2Directory(dataDir: string, options: Format2Options): Promise<Format2Directory> {
  const binnedArticleId = options.articles;
  const articles = Array.from({ length: options.articles }, (_, index) =>
    buildStoredArticle(index + 1, index + 1 === binnedArticleId ? new Date().toISOString() : null),
  );
  const comments = Array.from({ length: options.comments }, (_, index) =>
    buildComment(index + 1, (index % options.articles) + 1),
  );
  const nextCommentId = options.comments + 1 + (options.deletedComments ?? 0);
  const json = (data: unknown) => `${JSON.stringify(data)}\n`;
  await writeFile(
    path.join(dataDir, 'meta.json'),
    json({ format: 'folio-data', version: 2, created_at: '2025-08-10T09:00:00.000Z' }),
  );
  await writeFile(path.join(dataDir, 'articles.json'), json({ next_id: options.articles + 1, items: articles }));
  const commentsFile: CollectionFile<CommentRecord> = { next_id: nextCommentId, items: comments };
  await writeFile(path.join(dataDir, 'comments.json'), json(commentsFile));
  await mkdir(path.join(dataDir, 'article-bodies'), { recursive: true });
  for (const article of articles) {
    await writeFile(path.join(dataDir, 'article-bodies', `${article.id}-1.md`), `# 正文 ${article.id}`);
  }
  return { articles, comments, nextCommentId, binnedArticleId };
}
