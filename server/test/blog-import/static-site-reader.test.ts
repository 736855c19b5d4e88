import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogImportSourceMessages as M, FolderImportMessages as F } from '@folio/shared';
import { BlogSourceError } from '../../src/services/blog-import/source.js';
import type { BlogSource, SourcePost } from '../../src/services/blog-import/source.js';
import { looksLikeZip, readStaticSite } from '../../src/services/blog-import/static-site-reader.js';
import { DEFAULT_ZIP_LIMITS } from '../../src/services/blog-import/zip-archive.js';
import { patchBytes, readInput, writeZip, zipFixture, zipWorkspace } from './zip-fixtures.js';

let workspace: Awaited<ReturnType<typeof zipWorkspace>>;
const zipPath = (name: string) => path.join(workspace.dir, name);

beforeAll(async () => {
  workspace = await zipWorkspace();
});
afterAll(async () => {
  await workspace.cleanup();
});

function postAt(source: BlogSource, sourceId: string): SourcePost {
  const post = source.posts.find((candidate) => candidate.sourceId === sourceId);
  if (!post) throw new Error(`no post ${sourceId} among ${source.posts.map((p) => p.sourceId).join(', ')}`);
  return post;
}

async function imageText(source: BlogSource, key: string): Promise<string> {
  const image = source.archivedImages.get(key);
  if (!image) throw new Error(`no archived image at ${key}: ${[...source.archivedImages.keys()].join(', ')}`);
  return `${image.path} ${(await image.read()).length}`;
}

describe('readStaticSite: a Hexo tree', () => {
  let source: BlogSource;
  beforeAll(async () => {
    source = await readStaticSite(await readInput(await zipFixture('hexo', zipPath('hexo.zip'))));
  });

  it('reads the posts, the draft and the page, and counts the Markdown it leaves out', () => {
    expect(source.format).toBe('static-site');
    expect(source.siteUrl).toBe('https://hexo.example.com');
    expect(source.posts.map((post) => [post.sourceId, post.kind, post.status])).toEqual([
      ['source/_drafts/wip.md', 'post', 'draft'],
      ['source/_posts/hello-world.md', 'post', 'published'],
      ['source/_posts/notes/deep-post.md', 'post', 'published'],
      ['source/about/index.md', 'page', 'published'],
    ]);
    expect(source.skipped).toEqual([{ reason: M.skipOutsidePosts, count: 1, examples: ['themes/landscape/README.md'] }]);
  });

  it('keeps dates in UTC, the first category, the rest as tags, and the text before <!-- more --> as the summary', () => {
    const hello = postAt(source, 'source/_posts/hello-world.md');
    expect(hello).toMatchObject({
      title: '你好，世界',
      publishedAt: '2020-05-01T10:20:30Z',
      modifiedAt: '2020-05-02T08:00:00Z',
      slug: 'hello-world',
      category: '技术',
      tags: ['hexo', '博客', '前端'],
      summary: '这是第一篇文章的开头。',
      comments: [],
    });
    expect(hello.content).not.toContain('<!-- more -->\n\n正文');
    expect(hello.content).toContain("console.log('<!-- more -->');");
    const draft = postAt(source, 'source/_drafts/wip.md');
    expect(draft.publishedAt).toBeUndefined();
    expect(draft.oldAddresses).toEqual([]);
  });

  it("gives each post the address of _config.yml's permalink, with Hexo's default category", () => {
    expect(postAt(source, 'source/_posts/hello-world.md').oldAddresses).toEqual(['/2020/05/01/hello-world/']);
    expect(postAt(source, 'source/_posts/notes/deep-post.md').oldAddresses).toEqual(['/2021/01/02/notes/deep-post/']);
    expect(postAt(source, 'source/about/index.md').oldAddresses).toEqual(['/about/']);
  });

  it("takes the owner's pattern over the site's", async () => {
    const own = await readStaticSite(
      await readInput(zipPath('hexo.zip'), { permalink: '/:category/:title.html', site_url: 'https://new-name.example/' }),
    );
    expect(postAt(own, 'source/_posts/hello-world.md').oldAddresses).toEqual(['/技术/前端/hello-world.html']);
    expect(postAt(own, 'source/_posts/notes/deep-post.md').oldAddresses).toEqual(['/uncategorized/notes/deep-post.html']);
    expect(own.siteUrl).toBe('https://new-name.example');
  });

  it('finds the images by their path in the zip, their site path and their old absolute address, and links posts to them', async () => {
    const hello = postAt(source, 'source/_posts/hello-world.md');
    expect(hello.content).toContain('![横幅](https://hexo.example.com/images/banner.png)');
    // The post asset folder's image is published beside the post, at its address.
    expect(hello.content).toContain('![架构图](https://hexo.example.com/2020/05/01/hello-world/diagram.png)');
    expect(postAt(source, 'source/_posts/notes/deep-post.md').cover).toBe('https://hexo.example.com/images/banner.png');
    const banner = 'source/images/banner.png 70';
    expect(await imageText(source, 'source/images/banner.png')).toBe(banner);
    expect(await imageText(source, '/images/banner.png')).toBe(banner);
    expect(await imageText(source, 'https://hexo.example.com/images/banner.png')).toBe(banner);
    expect(await imageText(source, '/2020/05/01/hello-world/diagram.png')).toBe('source/_posts/hello-world/diagram.png 70');
    expect(await imageText(source, 'https://hexo.example.com/2020/05/01/hello-world/diagram.png')).toBe(
      'source/_posts/hello-world/diagram.png 70',
    );
  });
});

describe('readStaticSite: a Hugo tree', () => {
  let source: BlogSource;
  beforeAll(async () => {
    source = await readStaticSite(await readInput(await zipFixture('hugo', zipPath('hugo.zip'))));
  });

  it('reads posts, bundles, drafts, scheduled and pages, and skips list pages and theme files, counted', () => {
    expect(source.siteUrl).toBe('https://hugo.example.org');
    expect(source.posts.map((post) => [post.sourceId, post.kind, post.status])).toEqual([
      ['content/about.md', 'page', 'published'],
      ['content/notes/custom.md', 'post', 'published'],
      ['content/notes/plain-note.md', 'post', 'published'],
      ['content/posts/bundle-post/index.md', 'post', 'published'],
      ['content/posts/first-post.md', 'post', 'published'],
      ['content/posts/future.md', 'post', 'scheduled'],
      ['content/posts/secret.md', 'post', 'draft'],
    ]);
    expect(source.skipped).toEqual([
      { reason: M.skipListPage, count: 2, examples: ['content/_index.md', 'content/posts/_index.md'] },
      { reason: M.skipOutsidePosts, count: 1, examples: ['themes/ananke/README.md'] },
    ]);
    expect(postAt(source, 'content/posts/future.md').publishedAt).toBe('2099-01-01T00:00:00Z');
  });

  it('reads TOML front matter with its offset date in UTC, <!--more--> and aliases', () => {
    const first = postAt(source, 'content/posts/first-post.md');
    expect(first).toMatchObject({
      title: 'First Post',
      publishedAt: '2022-03-03T21:06:07Z',
      modifiedAt: '2022-03-05T00:00:00Z',
      slug: 'first-post',
      summary: 'Summary of the first post.',
      category: 'Notes',
      tags: ['hugo', 'toml'],
    });
    expect(first.content).toBe(
      'Summary of the first post.\n\nThe rest, with a logo: ![logo](https://hugo.example.org/img/logo.png)',
    );
    // `:slug` is the urlized title when no slug is written; a relative alias is relative to the post.
    expect(first.oldAddresses).toEqual(['/2022/03/first-post/', '/old/first/', '/2022/03/first-post/first-again']);
  });

  it("gives bundles their slug's address, sections without a pattern Hugo's own, and `url` its own", () => {
    expect(postAt(source, 'content/posts/bundle-post/index.md')).toMatchObject({
      slug: 'my-bundle',
      oldAddresses: ['/2022/04/my-bundle/'],
    });
    expect(postAt(source, 'content/notes/plain-note.md').oldAddresses).toEqual(['/notes/plain-note/']);
    expect(postAt(source, 'content/notes/custom.md').oldAddresses).toEqual(['/custom-address/']);
    expect(postAt(source, 'content/about.md').oldAddresses).toEqual(['/about/']);
    expect(postAt(source, 'content/posts/secret.md').oldAddresses).toEqual([]);
  });

  it("links a bundle's images at the post's address, and finds static/ images at the site root", async () => {
    const bundle = postAt(source, 'content/posts/bundle-post/index.md');
    expect(bundle.cover).toBe('https://hugo.example.org/2022/04/my-bundle/photo.jpg');
    expect(bundle.content).toContain('![photo](https://hugo.example.org/2022/04/my-bundle/photo.jpg "In the bundle")');
    expect(bundle.content).toContain('<img src="https://hugo.example.org/2022/04/my-bundle/gallery/two.gif" alt="two">');
    expect(bundle.content).toContain('![Figure](https://hugo.example.org/2022/04/my-bundle/photo.jpg)');
    expect(await imageText(source, '/2022/04/my-bundle/gallery/two.gif')).toBe('content/posts/bundle-post/gallery/two.gif 43');
    expect(await imageText(source, 'content/posts/bundle-post/photo.jpg')).toMatch(
      /^content\/posts\/bundle-post\/photo\.jpg \d+$/,
    );
    expect(await imageText(source, '/img/logo.png')).toBe('static/img/logo.png 70');
    expect(await imageText(source, 'https://hugo.example.org/img/logo.png')).toBe('static/img/logo.png 70');
  });
});

describe('readStaticSite: a Jekyll tree zipped in its folder', () => {
  let source: BlogSource;
  beforeAll(async () => {
    source = await readStaticSite(await readInput(await zipFixture('jekyll', zipPath('jekyll.zip'), 'my-site/')));
  });

  it('finds the tree inside the folder and reads _posts, _drafts, published: false and pages', () => {
    expect(source.posts.map((post) => [post.sourceId, post.kind, post.status])).toEqual([
      ['my-site/_drafts/idea.md', 'post', 'draft'],
      ['my-site/_posts/2019-03-04-first-post.md', 'post', 'published'],
      ['my-site/_posts/2019-06-07-held-back.md', 'post', 'draft'],
      ['my-site/_posts/2019-08-09-dated-by-name.md', 'post', 'published'],
      ['my-site/_posts/2020-07-08-permalinked.md', 'post', 'published'],
      ['my-site/about.md', 'page', 'published'],
      ['my-site/blog/_posts/2019-05-06-in-blog.md', 'post', 'published'],
    ]);
    expect(source.skipped).toEqual([{ reason: M.skipOutsidePosts, count: 1, examples: ['my-site/README.md'] }]);
  });

  it("gives posts Jekyll's default date addresses, with categories and .html, and dates from names in UTC", () => {
    expect(postAt(source, 'my-site/_posts/2019-03-04-first-post.md')).toMatchObject({
      slug: 'first-post',
      publishedAt: '2019-03-04T01:30:00Z',
      category: 'Life',
      tags: ['jekyll', 'Travel'],
      oldAddresses: ['/life/travel/2019/03/04/first-post.html'],
    });
    expect(postAt(source, 'my-site/_posts/2019-08-09-dated-by-name.md')).toMatchObject({
      publishedAt: '2019-08-09T00:00:00Z',
      oldAddresses: ['/2019/08/09/dated-by-name.html'],
    });
    expect(postAt(source, 'my-site/blog/_posts/2019-05-06-in-blog.md').oldAddresses).toEqual(['/blog/2019/05/06/in-blog.html']);
    expect(postAt(source, 'my-site/_posts/2020-07-08-permalinked.md').oldAddresses).toEqual(['/custom/permalinked/']);
    expect(postAt(source, 'my-site/about.md').oldAddresses).toEqual(['/about.html']);
  });

  it("reads a named style as the owner's pattern", async () => {
    const pretty = await readStaticSite(await readInput(zipPath('jekyll.zip'), { permalink: 'pretty' }));
    expect(postAt(pretty, 'my-site/_posts/2019-08-09-dated-by-name.md').oldAddresses).toEqual(['/2019/08/09/dated-by-name/']);
  });

  it('finds assets/ images at the site root and on the old address', async () => {
    expect(postAt(source, 'my-site/_posts/2019-03-04-first-post.md').content).toBe(
      'A picture: ![pic](https://jekyll.example.net/assets/img/pic.gif)',
    );
    expect(await imageText(source, 'my-site/assets/img/pic.gif')).toBe('my-site/assets/img/pic.gif 43');
    expect(await imageText(source, '/assets/img/pic.gif')).toBe('my-site/assets/img/pic.gif 43');
    expect(await imageText(source, 'https://jekyll.example.net/assets/img/pic.gif')).toBe('my-site/assets/img/pic.gif 43');
  });
});

describe('readStaticSite: a zip of Markdown files only', () => {
  it('reads every Markdown file as a post, with no address unless the owner gives a pattern', async () => {
    const file = await writeZip(zipPath('plain.zip'), new Map([['notes/2024-01-15-trip.md', '# 旅行\n\n去了高原。']]));
    const plain = await readStaticSite(await readInput(file));
    expect(plain.posts).toHaveLength(1);
    expect(plain.posts[0]).toMatchObject({ title: '旅行', slug: 'trip', publishedAt: '2024-01-15T00:00:00Z', oldAddresses: [] });
    const patterned = await readStaticSite(await readInput(file, { permalink: '/:year/:slug/' }));
    expect(patterned.posts[0]?.oldAddresses).toEqual(['/2024/trip/']);
  });
});

describe('readStaticSite: an image larger than any the pipeline takes', () => {
  it('is never inflated: reading it fails with the reason, the rest of the zip still reads', async () => {
    const file = await writeZip(
      zipPath('big-image.zip'),
      new Map<string, Buffer | string>([
        ['source/_posts/a.md', '---\ntitle: A\n---\n![](/images/huge.png)'],
        ['source/images/huge.png', Buffer.alloc(26 * 1024 * 1024, 1)],
      ]),
    );
    const source = await readStaticSite(await readInput(file), { ...DEFAULT_ZIP_LIMITS, maxRatio: Number.POSITIVE_INFINITY });
    expect(source.posts).toHaveLength(1);
    const outcome = await source.archivedImages
      .get('/images/huge.png')
      ?.read()
      .then(
        (bytes) => `read ${bytes.length} bytes`,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    expect(outcome).toBe(F.imageTooLarge('source/images/huge.png'));
  });
});

describe('readStaticSite refuses a zip it cannot trust, naming the problem', () => {
  async function refusal(file: string, limits = DEFAULT_ZIP_LIMITS): Promise<string> {
    const error: unknown = await readStaticSite(await readInput(file), limits).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(BlogSourceError);
    return (error as BlogSourceError).message;
  }

  // yazl will not write such names: a harmless name of the same length is written, then patched.
  it.each([
    ['../evil.md', 'xx/evil.md'],
    ['a/../../evil.md', 'a/xx/xx/evil.md'],
    ['/etc/evil.md', 'Xetc/evil.md'],
    ['C:/evil.md', 'CX/evil.md'],
    ['posts\\evil.md', 'postsXevil.md'],
  ])('an entry named %s', async (name, written) => {
    const file = zipPath(`climb-${written.replace(/\W/g, '_')}.zip`);
    await writeZip(
      file,
      new Map([
        ['source/_posts/fine.md', '# Fine'],
        [written, '# Evil'],
      ]),
    );
    await patchBytes(file, Buffer.from(written), Buffer.from(name));
    expect(await refusal(file)).toBe(M.zipUnsafePath(name));
  });

  it('a zip bomb: one entry inflating a thousand times its size', async () => {
    const file = await writeZip(
      zipPath('ratio-bomb.zip'),
      new Map([['_posts/2020-01-01-bomb.md', Buffer.alloc(20 * 1024 * 1024, 0x20)]]),
    );
    expect(await refusal(file)).toBe(M.zipSuspiciousRatio('_posts/2020-01-01-bomb.md'));
  });

  it('a header that understates what an entry inflates to', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 0x61);
    const file = await writeZip(zipPath('lying-header.zip'), new Map([['_posts/2020-01-01-liar.md', body]]));
    const declared = Buffer.alloc(4);
    declared.writeUInt32LE(body.length);
    const lie = Buffer.alloc(4);
    lie.writeUInt32LE(1000);
    await patchBytes(file, declared, lie);
    expect(await refusal(file)).toBe(M.zipSuspiciousRatio('_posts/2020-01-01-liar.md'));
  });

  it('more inflated bytes than the archive may hold', async () => {
    const noise = (seed: number) => Buffer.from(Array.from({ length: 300 * 1024 }, (_x, i) => (i * 7919 + seed * 104729) % 251));
    const file = await writeZip(
      zipPath('too-large.zip'),
      new Map([
        ['a.md', noise(1)],
        ['b.md', noise(2)],
        ['c.md', noise(3)],
      ]),
      false,
    );
    expect(await refusal(file, { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 800 * 1024 })).toBe(M.zipTooLarge(1));
  });

  it('more entries than the archive may hold', async () => {
    const file = await writeZip(zipPath('many.zip'), new Map(Array.from({ length: 6 }, (_x, i) => [`p${i}.md`, `# ${i}`])));
    expect(await refusal(file, { ...DEFAULT_ZIP_LIMITS, maxEntries: 5 })).toBe(M.zipTooManyEntries(5));
  });

  it('a zip with no Markdown', async () => {
    const file = await writeZip(zipPath('images-only.zip'), new Map([['static/a.png', Buffer.from('png')]]));
    expect(await refusal(file)).toBe(M.zipNoMarkdown);
  });

  it('a file that is no zip', async () => {
    const file = await writeZip(zipPath('to-break.zip'), new Map([['a.md', '# A']]));
    await patchBytes(file, Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.from('XXXX'));
    expect(await refusal(file)).toBe(M.zipUnreadable);
  });
});

describe('looksLikeZip', () => {
  it('knows a zip by its first bytes, not its name', () => {
    expect(looksLikeZip(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe(true);
    expect(looksLikeZip(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
    expect(looksLikeZip(Buffer.from('{"db":[]}'))).toBe(false);
    expect(looksLikeZip(Buffer.from('PK'))).toBe(false);
  });
});
