import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { apiClient, EnvelopeBody, StartOptions, TestServer } from '../../../tests/support/test-server.js';

export type Api = ReturnType<typeof apiClient>;

export interface ArticleInput {
  title: string;
  content: string;
  category?: string;
  tags?: string | string[];
  summary?: string;
  cover?: string;
  /** Absent: published at once, as the original client's articles are (server/API.md §E8). */
  status?: 'draft' | 'scheduled' | 'published';
  publish_at?: string;
}

export const buildArticle = (overrides: Partial<ArticleInput> = {}): ArticleInput => ({
  title: 'React 18 新特性',
  content: '# 并发渲染\n\n正文内容',
  category: '前端开发',
  tags: 'React,JavaScript',
  summary: '介绍 React 18',
  cover: '',
  ...overrides,
});

/** Creates an article through the admin API and returns its id. */
export async function createArticle(api: Api, token: string, overrides: Partial<ArticleInput> = {}): Promise<number> {
  const response = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: buildArticle(overrides) });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id as number;
}

/** Moves every live article to the bin and empties it, so each test starts from an empty site. */
export async function removeAllArticles(api: Api, token: string): Promise<void> {
  for (;;) {
    const list = await api<EnvelopeBody>('GET', '/api/admin/articles?per_page=100', { token });
    const ids = (list.body.data as { id: number }[]).map((article) => article.id);
    if (ids.length === 0) break;
    await api('POST', '/api/admin/articles/batch-delete', { token, json: { ids } });
  }
  await api('DELETE', '/api/admin/recycle-bin', { token });
}

export async function postComment(
  api: Api,
  articleId: number,
  json: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return api<EnvelopeBody>('POST', `/api/articles/${articleId}/comments`, {
    json: { author: '张三', email: 'zhang@example.com', content: '写得很好', ...json },
    headers,
  });
}

/** A server/API.md §1.4 timestamp `ms` milliseconds from now (fractions dropped as the server drops them). */
export const isoIn = (ms: number): string => `${new Date(Date.now() + ms).toISOString().slice(0, 19)}Z`;

/** Ids of a list response's `data` array. */
export const idsOf = (body: EnvelopeBody): number[] => (body.data as { id: number }[]).map((item) => item.id);

export interface SignedIn {
  server: TestServer;
  api: Api;
  token: string;
}

/**
 * The set-up the article route tests share: one signed-in server for the file (started with
 * `options`), emptied of articles before each test. `ready` receives it once it has started.
 */
export function useArticleServer(ready: (started: SignedIn) => void, options: StartOptions = {}): void {
  let started: SignedIn | undefined;
  beforeAll(async () => {
    started = await startSignedIn(options);
    ready(started);
  });
  afterAll(() => started?.server.close());
  beforeEach(async () => {
    if (started) await removeAllArticles(started.api, started.token);
  });
}
