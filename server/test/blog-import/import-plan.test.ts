import { describe, expect, it } from 'vitest';
import { REDIRECTS_MAX } from '@folio/shared';
import type { RedirectRule } from '@folio/shared';
import type { BlogImportGround } from '../../src/store/blog-import.repository.js';
import { KEEP_OLD_IMAGES } from '../../src/services/blog-import/import-steps.js';
import { oldPathOf, planArticles, planRedirects, slugFromOldSlug } from '../../src/services/blog-import/import-plan.js';
import type { BlogSource, SourcePost } from '../../src/services/blog-import/source.js';

const post = (n: number, oldAddresses: string[]): SourcePost => ({
  sourceId: `post-${n}`,
  kind: 'post',
  title: `Post ${n}`,
  content: '正文',
  status: 'published',
  publishedAt: '2020-01-01T00:00:00Z',
  slug: `post-${n}`,
  summary: '',
  category: '',
  tags: [],
  cover: '',
  oldAddresses,
  comments: [],
});

const sourceOf = (posts: SourcePost[]): BlogSource => ({
  format: 'wordpress',
  siteUrl: 'https://www.old.example.com',
  posts,
  skipped: [],
  archivedImages: new Map(),
  warnings: [],
});

const groundWith = (redirects: RedirectRule[]): BlogImportGround => ({
  sources: { articles: new Map(), comments: new Map() },
  takenSlugs: new Set(),
  redirects,
  nextArticleId: 1,
  nextCommentId: 1,
});

async function planned(posts: SourcePost[], ground: BlogImportGround) {
  const source = sourceOf(posts);
  const draft = await planArticles(source, {}, ground, '2026-01-01T00:00:00Z', () => {}, new AbortController().signal);
  return { draft, redirects: await planRedirects(source, draft, ground, KEEP_OLD_IMAGES) };
}

describe('the redirects an import plans (server/API.md §E21.7)', () => {
  it('takes paths on the old host (www. or not) and written without one, the query only on the landing page', () => {
    expect(oldPathOf('https://old.example.com/2020/05/hello/', 'old.example.com')).toBe('/2020/05/hello/');
    expect(oldPathOf('http://www.old.example.com/?p=12', 'old.example.com')).toBe('/?p=12');
    expect(oldPathOf('/about/', null)).toBe('/about/');
    expect(oldPathOf('https://elsewhere.example/a/', 'old.example.com')).toBeNull();
    expect(oldPathOf('https://old.example.com/a/', null)).toBeNull();
    expect(oldPathOf('/index.php?p=12', 'old.example.com')).toBeNull();
    expect(oldPathOf('//evil.example/a', 'old.example.com')).toBeNull();
  });

  it("stops at the cap of the owner's list, saying how many were left out; a rule replacing a stored one still goes in", async () => {
    const stored = Array.from({ length: REDIRECTS_MAX - 1 }, (_, i) => ({ from: `/kept/${i}`, to: '/x', status: 301 as const }));
    const { draft, redirects } = await planned(
      [post(1, ['/a/', '/kept/0']), post(2, ['/b/']), post(3, ['/c/', '/admin/x'])],
      groundWith(stored),
    );
    expect(redirects.map((rule) => rule.from)).toEqual(['/a/', '/kept/0']);
    expect(draft.warnings).toContain('重定向已达 10000 条上限，另有 2 条旧地址没有建立重定向');
    expect(draft.warnings.some((warning) => warning.startsWith('旧地址 /admin/x 没有建立重定向'))).toBe(true);
  });

  it('keeps the first of two posts claiming one address, and leaves an address a redirect is from to it', async () => {
    const ground = groundWith([{ from: '/articles/post-2', to: '/elsewhere', status: 301 }]);
    const { draft, redirects } = await planned([post(1, ['/same/']), post(2, ['/same/'])], ground);
    expect(redirects).toEqual([{ from: '/same/', to: '/articles/post-1', status: 301 }]);
    expect(draft.articles.map(({ article }) => article.slug)).toEqual(['post-1', 'post-2-2']);
  });
});

describe('slugs of imported posts', () => {
  it('keeps a valid old slug, decodes an escaped one, and makes one from the title when nothing is left', async () => {
    expect(await slugFromOldSlug('hello-world', 'x')).toBe('hello-world');
    expect(await slugFromOldSlug('%e4%bd%a0%e5%a5%bd', 'x')).toBe('ni-hao');
    expect(await slugFromOldSlug('Hello_World', 'x')).toBe('hello-world');
    expect(await slugFromOldSlug('', '关于我')).toBe('guan-yu-wo');
    expect(await slugFromOldSlug('page', 'Paging')).toBe('paging');
  });
});
