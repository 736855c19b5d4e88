import { describe, expect, it } from 'vitest';
import type { BlogImportGround } from '../../src/store/blog-import.repository.js';
import { importImages } from '../../src/services/blog-import/import-images.js';
import type { ImportImagesDeps } from '../../src/services/blog-import/import-images.js';
import { KEEP_OLD_IMAGES } from '../../src/services/blog-import/import-steps.js';
import { planArticles, planComments, planRedirects, rewriteImages } from '../../src/services/blog-import/import-plan.js';
import type { BlogSource, SourcePost } from '../../src/services/blog-import/source.js';

/** A big blog (server/API.md §E21): each post with its old addresses, searched for images. */
const POSTS = 1000;

const post = (n: number): SourcePost => ({
  sourceId: `post-${n}`,
  kind: 'post',
  title: `Post ${n}`,
  content: `正文 ${n}\n\n[上一篇](https://old.example.com/2020/01/post-${n - 1}/)`,
  status: 'published',
  publishedAt: '2020-01-01T00:00:00Z',
  slug: `post-${n}`,
  summary: '',
  category: '',
  tags: [],
  cover: '',
  oldAddresses: [`https://old.example.com/2020/01/post-${n}/`, `https://old.example.com/?p=${n}`],
  comments: [],
});

const source: BlogSource = {
  format: 'wordpress',
  siteUrl: 'https://old.example.com',
  posts: Array.from({ length: POSTS }, (_, n) => post(n + 1)),
  skipped: [],
  archivedImages: new Map(),
  warnings: [],
};

const ground = (): BlogImportGround => ({
  sources: { articles: new Map(), comments: new Map() },
  takenSlugs: new Set(),
  redirects: [],
  nextArticleId: 1,
  nextCommentId: 1,
});

/** How many turns of the event loop `step` let pass before it resolved: none means it held pages up all along. */
async function turnsDuring(step: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  const done = step();
  setImmediate(tick);
  await done;
  running = false;
  return turns;
}

describe('the steps after reading a big blog leave pages their turns', () => {
  it('finding the images, rewriting them and planning the redirects each let the event loop turn', async () => {
    const draft = await planArticles(source, {}, ground(), '2026-01-01T00:00:00Z', () => {}, new AbortController().signal);
    // The posts hold no image: nothing is fetched or stored, the posts are only searched.
    const deps: ImportImagesDeps = {
      uploads: { storeImage: () => Promise.reject(new Error('no image is stored')), tempDir: '/nonexistent' },
      fetcher: { fetch: () => Promise.reject(new Error('no image is fetched')) },
    };
    expect(await turnsDuring(() => importImages(source, deps, new AbortController().signal))).toBeGreaterThan(0);
    expect(await turnsDuring(() => rewriteImages(draft, KEEP_OLD_IMAGES))).toBeGreaterThan(0);
    let redirects = 0;
    expect(
      await turnsDuring(async () => {
        redirects = (await planRedirects(source, draft, ground(), KEEP_OLD_IMAGES)).length;
      }),
    ).toBeGreaterThan(0);
    expect(redirects).toBe(2 * POSTS);
  });

  it('planning the comments of posts with many each lets the event loop turn', async () => {
    const comments = Array.from({ length: 600 }, (_, n) => ({
      sourceId: String(n + 1),
      parentSourceId: n > 0 && n % 3 === 0 ? String(n) : null,
      author: `读者 ${n}`,
      email: `reader${n}@example.com`,
      content: `第 ${n} 条评论`,
      createdAt: '2020-01-02T00:00:00Z',
      status: 'published' as const,
    }));
    const popular: BlogSource = { ...source, posts: [post(1), post(2)].map((item) => ({ ...item, comments })) };
    const signal = new AbortController().signal;
    const draft = await planArticles(popular, {}, ground(), '2026-01-01T00:00:00Z', () => {}, signal);
    expect(
      await turnsDuring(() => planComments(popular, draft, ground(), '2026-01-01T00:00:00Z', () => {}, signal)),
    ).toBeGreaterThan(0);
    expect(draft.comments).toHaveLength(1200);
  });
});
