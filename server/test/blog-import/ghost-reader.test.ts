import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogImportSourceMessages as M } from '@folio/shared';
import { GHOST_MAX_BYTES, looksLikeGhost, readGhost } from '../../src/services/blog-import/ghost-reader.js';
import { BlogSourceError } from '../../src/services/blog-import/source.js';
import type { BlogSource, SourcePost } from '../../src/services/blog-import/source.js';
import { FIXTURES, readInput, zipWorkspace } from './zip-fixtures.js';

const GHOST_EXPORT = path.join(FIXTURES, 'ghost-5.json');
let workspace: Awaited<ReturnType<typeof zipWorkspace>>;

beforeAll(async () => {
  workspace = await zipWorkspace();
});
afterAll(async () => {
  await workspace.cleanup();
});

function bySlug(source: BlogSource, slug: string): SourcePost {
  const post = source.posts.find((candidate) => candidate.slug === slug);
  if (!post) throw new Error(`no post ${slug}`);
  return post;
}

async function writeJson(name: string, value: unknown): Promise<string> {
  const file = path.join(workspace.dir, name);
  await fs.writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('readGhost: a Ghost 5 export', () => {
  let source: BlogSource;
  beforeAll(async () => {
    source = await readGhost(await readInput(GHOST_EXPORT, { site_url: 'https://ghost.example.com/' }));
  });

  it('reads every post and page with its status, and skips the Mobiledoc-only one with its reason', () => {
    expect(source.format).toBe('ghost');
    expect(source.siteUrl).toBe('https://ghost.example.com');
    expect(source.posts.map((post) => [post.slug, post.kind, post.status])).toEqual([
      ['hello-ghost', 'post', 'published'],
      ['about', 'page', 'published'],
      ['unfinished-thoughts', 'post', 'draft'],
      ['coming-soon', 'post', 'scheduled'],
      ['written-in-lexical', 'post', 'published'],
      ['newsletter-only', 'post', 'draft'],
    ]);
    expect(source.skipped).toEqual([{ reason: M.skipGhostMobiledoc, count: 1, examples: ['From Ghost 2'] }]);
    expect(source.warnings).toEqual([M.ghostEmailOnly('Newsletter only')]);
    expect(source.archivedImages.size).toBe(0);
  });

  it('keeps ids, dates in UTC, the excerpt, and no comments (Ghost exports have none)', () => {
    expect(bySlug(source, 'hello-ghost')).toMatchObject({
      sourceId: '6518f2a1c3b4d5e6f7a8b901',
      title: 'Hello, Ghost',
      publishedAt: '2023-10-01T08:30:00Z',
      modifiedAt: '2023-10-02T09:15:00Z',
      summary: 'The very first post.',
      comments: [],
    });
    expect(bySlug(source, 'coming-soon').publishedAt).toBe('2030-01-01T09:00:00Z');
    expect(bySlug(source, 'unfinished-thoughts').publishedAt).toBeUndefined();
  });

  it('takes the primary (first) tag as the category and the rest as tags, leaving internal #tags out', () => {
    expect(bySlug(source, 'hello-ghost')).toMatchObject({ category: 'Travel', tags: ['Photography'] });
    expect(bySlug(source, 'written-in-lexical')).toMatchObject({ category: 'Tips', tags: [] });
    expect(bySlug(source, 'about')).toMatchObject({ category: '', tags: [] });
  });

  it('resolves __GHOST_URL__ in bodies and feature images against the site address', () => {
    const hello = bySlug(source, 'hello-ghost');
    expect(hello.cover).toBe('https://ghost.example.com/content/images/2023/10/cover.jpg');
    expect(hello.content).toContain('![Inline](https://ghost.example.com/content/images/2023/10/inline.png)');
    expect(hello.content).toContain('[about](https://ghost.example.com/about/)');
    expect(hello.content).toContain('```python\nprint("hi")\n```');
    expect(source.posts.some((post) => `${post.content}${post.cover}`.includes('__GHOST_URL__'))).toBe(false);
  });

  it('gives published posts and pages their old address /<slug>/, and none to drafts or scheduled posts', () => {
    expect(bySlug(source, 'hello-ghost').oldAddresses).toEqual(['/hello-ghost/']);
    expect(bySlug(source, 'about').oldAddresses).toEqual(['/about/']);
    expect(bySlug(source, 'unfinished-thoughts').oldAddresses).toEqual([]);
    expect(bySlug(source, 'coming-soon').oldAddresses).toEqual([]);
  });

  it('draws a Lexical-only body as Markdown', () => {
    expect(bySlug(source, 'written-in-lexical').content).toBe(
      [
        'A **bold** and *italic* word, `code`, and a [link](https://example.org/page).',
        '## Section',
        '1.  first\n2.  second',
        '> A quote.',
        '```javascript\nconst a = 1 < 2;\nconsole.log(a);\n```',
        '![Diagram](https://ghost.example.com/content/images/2023/11/diagram.png)\n\n_The diagram_',
        '| a | b |\n|---|---|\n| 1 | 2 |',
        '---',
        '[Ghost](https://ghost.org/)',
      ].join('\n\n'),
    );
  });
});

describe('readGhost: the site address', () => {
  it('leaves paths site-relative and warns when no address is known', async () => {
    const source = await readGhost(await readInput(GHOST_EXPORT));
    expect(source.siteUrl).toBeNull();
    expect(source.warnings[0]).toBe(M.ghostSiteUrlUnknown);
    expect(bySlug(source, 'hello-ghost').cover).toBe('/content/images/2023/10/cover.jpg');
    expect(bySlug(source, 'hello-ghost').content).toContain('![Inline](/content/images/2023/10/inline.png)');
  });

  it("takes a url setting from an export without db, and a site's path for the old addresses", async () => {
    const file = await writeJson('flat.json', {
      meta: { exported_on: 1701734400000, version: '6.0.0' },
      data: {
        posts: [
          {
            id: 'p1',
            title: 'Flat',
            slug: 'flat',
            html: '<p><img src="__GHOST_URL__/content/images/a.png"></p>',
            status: 'published',
            type: 'post',
            published_at: '2024-02-03 04:05:06',
          },
        ],
        settings: [{ key: 'url', value: 'https://example.org/blog/' }],
      },
    });
    const source = await readGhost(await readInput(file));
    expect(source.siteUrl).toBe('https://example.org/blog');
    expect(source.posts[0]).toMatchObject({
      content: '![](https://example.org/blog/content/images/a.png)',
      publishedAt: '2024-02-03T04:05:06Z',
      oldAddresses: ['/blog/flat/'],
    });
  });
});

describe('readGhost refuses what is no Ghost export', () => {
  async function refusal(file: string): Promise<string> {
    const error: unknown = await readGhost(await readInput(file)).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(BlogSourceError);
    return (error as BlogSourceError).message;
  }

  it('JSON that breaks halfway', async () => {
    expect(await refusal(await writeJson('broken.json', '{"db":[{"meta":{"exported_on":1},"data":{"posts":[{"id":'))).toBe(
      M.ghostNotJson,
    );
  });

  it('JSON without posts', async () => {
    expect(await refusal(await writeJson('no-posts.json', { db: [{ meta: { exported_on: 1 }, data: { tags: [] } }] }))).toBe(
      M.ghostNoPosts,
    );
  });

  it('a file larger than the limit, before it is read', async () => {
    const file = path.join(workspace.dir, 'huge.json');
    await fs.writeFile(file, '{"db":[');
    await fs.truncate(file, GHOST_MAX_BYTES + 1);
    expect(await refusal(file)).toBe(M.ghostTooLarge(50));
  });
});

describe('looksLikeGhost', () => {
  it('knows an export by its first bytes', async () => {
    const head = (await fs.readFile(GHOST_EXPORT, 'utf8')).slice(0, 200);
    expect(looksLikeGhost(head)).toBe(true);
    expect(looksLikeGhost(Buffer.from('{"db":[{"meta":{"exported_on":1701734400000,"version":"5.75.2"},"data":{'))).toBe(true);
    expect(looksLikeGhost('{"meta":{"exported_on":1},"data":{"posts":[')).toBe(true);
    expect(looksLikeGhost('<?xml version="1.0"?><rss>')).toBe(false);
    expect(looksLikeGhost('{"name":"package","version":"1.0.0"}')).toBe(false);
  });
});
