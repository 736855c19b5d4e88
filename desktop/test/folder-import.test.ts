import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesktopMessages as D, FolderImportMessages as F } from '@folio/shared';
import { startSignedIn } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../tests/support/test-server.js';
import { createArticlesApi } from '../src/core/articles-api.js';
import type { ArticlesApi } from '../src/core/articles-api.js';
import { runFolderImport } from '../src/core/folder-import.js';
import type { ImportItem, ImportProgress } from '../src/core/folder-import.js';
import { scanForImport, titleIndex } from '../src/core/folder-scan.js';
import { createHttpClient } from '../src/core/http.js';
import {
  GIF,
  PNG_BLUE,
  PNG_RED,
  folderWriter,
  serverArticles as listServerArticles,
  uploadCount as countUploads,
} from './fixtures/import-folder.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let root: string;

const write = folderWriter(() => root);

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
  root = await mkdtemp(path.join(tmpdir(), 'folio-import-'));
  await write('blog/img/shared.png', PNG_RED);
  await write('blog/img/copy-of-shared.png', PNG_RED);
  await write('blog/img/other one.png', PNG_BLUE);
  await write('blog/img/cover.gif', GIF);
  await write('blog/img/not-really.png', 'this is text, not an image');
  await write(
    'blog/hexo-post.md',
    [
      '---',
      'title: Hexo 文章',
      'date: 2024-01-15 10:30:00',
      'categories: [前端]',
      'tags: [React, C++]',
      'description: 一篇 Hexo 文章',
      'cover: ./img/cover.gif',
      '---',
      '![一](img/shared.png "同一张图")',
      '再引用一次：![二](./img/shared.png)',
      '![三](<img/other one.png>)',
      '![丢了](img/missing.png)',
      '![网络图](https://example.com/x.png)',
    ].join('\n'),
  );
  await write(
    'blog/posts/2024/hugo-post.md',
    [
      '+++',
      'title = "Hugo 文章"',
      'date = 2024-03-01T08:30:00+08:00',
      'tags = ["Go"]',
      'summary = "Hugo 摘要"',
      '+++',
      `![绝对路径的副本](${path.join(root, 'blog/img/copy-of-shared.png')})`,
      '<img src="../../img/other one.png" alt="html">',
      '[logo]: ../../img/shared.png',
    ].join('\n'),
  );
  await write('blog/posts/heading-only.markdown', '# 只有标题行\n\n正文');
  await write('blog/bad/broken-yaml.md', '---\ntitle: [没有闭合\n---\n正文');
  await write('blog/bad/gbk.md', Buffer.from([0x23, 0x20, 0xd6, 0xd0, 0xce, 0xc4, 0x0a]));
  await write('blog/bad/empty.md', '---\ntitle: 空的\n---\n');
  await write('blog/bad/fake-image.md', '---\ntitle: 假图片\n---\n![x](../img/not-really.png)');
  await write('blog/.obsidian/hidden.md', '# 不该被扫描');
  await write('blog/notes.txt', '不是 Markdown');
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const articlesApi = (): ArticlesApi => createArticlesApi(createHttpClient({ baseUrl: server.url, token }));

const serverArticles = () => listServerArticles(api, token);
const uploadCount = () => countUploads(server.dataDir);

async function currentTitles() {
  const result = await articlesApi().listAll();
  if (!result.ok) throw new Error(result.message);
  return titleIndex(result.value);
}

describe('folder scan', () => {
  it('finds Markdown files in nested folders and previews each with its problems', async () => {
    const previews = await scanForImport([path.join(root, 'blog')], await currentTitles());
    expect(previews.map((preview) => preview.relativePath)).toEqual([
      'bad/broken-yaml.md',
      'bad/empty.md',
      'bad/fake-image.md',
      'bad/gbk.md',
      'hexo-post.md',
      'posts/2024/hugo-post.md',
      'posts/heading-only.markdown',
    ]);
    const byName = new Map(previews.map((preview) => [preview.relativePath, preview]));
    expect(byName.get('hexo-post.md')).toMatchObject({
      title: 'Hexo 文章',
      date: '2024-01-15T10:30:00Z',
      category: '前端',
      tags: ['React'],
      summary: '一篇 Hexo 文章',
      cover: './img/cover.gif',
      coverFile: path.join(root, 'blog/img/cover.gif'),
      blocking: false,
    });
    expect(byName.get('hexo-post.md')?.problems.map((problem) => problem.kind)).toEqual(['bad-tag', 'missing-image']);
    expect(byName.get('posts/2024/hugo-post.md')).toMatchObject({
      title: 'Hugo 文章',
      date: '2024-03-01T00:30:00Z',
      problems: [],
    });
    expect(byName.get('posts/heading-only.markdown')).toMatchObject({ title: '只有标题行', problems: [] });
    // Unreadable front matter keeps the body, titled after the file, with a visible note.
    expect(byName.get('bad/broken-yaml.md')).toMatchObject({
      title: 'broken-yaml',
      blocking: false,
      problems: [{ kind: 'front-matter', message: F.frontMatterBroken }],
    });
    // Text named .png is not an image the server takes: a warning, not a blocked file.
    expect(byName.get('bad/fake-image.md')).toMatchObject({
      blocking: false,
      problems: [{ kind: 'unsupported-image', message: F.imageUnsupported('../img/not-really.png') }],
    });
    expect(byName.get('bad/gbk.md')).toMatchObject({ blocking: true, problems: [{ kind: 'not-utf8' }] });
    expect(byName.get('bad/empty.md')).toMatchObject({ blocking: true, problems: [{ kind: 'body-empty' }] });
  });
});

describe('folder import', () => {
  it('uploads each distinct image once, rewrites links, sets a local cover, and reports every file', async () => {
    const uploadsBefore = await uploadCount();
    const previews = await scanForImport([path.join(root, 'blog')], await currentTitles());
    const progress: ImportProgress[] = [];
    const importReport = await runFolderImport({
      api: articlesApi(),
      items: previews.map((preview) => ({ preview, acceptMissingImages: true })),
      onProgress: (step) => progress.push(step),
    });

    const byName = new Map(importReport.files.map((file) => [file.relativePath, file]));
    expect(byName.get('hexo-post.md')).toMatchObject({
      status: 'imported',
      warnings: ['标签 "C++" 含非法字符，已忽略', F.brokenLinkKept('img/missing.png')],
    });
    expect(byName.get('posts/2024/hugo-post.md')?.status).toBe('imported');
    expect(byName.get('posts/heading-only.markdown')?.status).toBe('imported');
    expect(byName.get('bad/broken-yaml.md')).toMatchObject({ status: 'imported', warnings: [F.frontMatterBroken] });
    expect(byName.get('bad/gbk.md')).toMatchObject({ status: 'failed', reason: D.importNotUtf8 });
    expect(byName.get('bad/empty.md')?.status).toBe('failed');
    expect(byName.get('bad/fake-image.md')).toMatchObject({
      status: 'imported',
      warnings: [F.imageUnsupported('../img/not-really.png')],
    });
    expect(importReport.counts).toEqual({ imported: 5, updated: 0, skipped: 0, failed: 2 });
    expect(progress.at(-1)).toEqual({ done: 7, total: 7, current: null });

    // shared.png (three paths, one of them absolute, one a copy with the same bytes), other one.png, cover.gif.
    expect((await uploadCount()) - uploadsBefore).toBe(3);
    const articles = await serverArticles();
    const hexo = articles.find((article) => article.title === 'Hexo 文章');
    const hugo = articles.find((article) => article.title === 'Hugo 文章');
    const sharedUrl = /!\[一\]\((\/uploads\/[^ )]+) "同一张图"\)/.exec(hexo?.content ?? '')?.[1];
    expect(sharedUrl).toBeDefined();
    expect(hexo?.content).toContain(`![二](${sharedUrl})`);
    expect(hexo?.content).toMatch(/!\[三\]\(<\/uploads\/[^>]+>\)/);
    expect(hexo?.content).toContain('![丢了](img/missing.png)');
    expect(hexo?.content).toContain('![网络图](https://example.com/x.png)');
    expect(hexo?.cover).toMatch(/^\/uploads\/.+\.gif$/);
    expect(hexo?.tags).toBe('React');
    expect(hugo?.content).toContain(`![绝对路径的副本](${sharedUrl})`);
    expect(hugo?.content).toContain(`[logo]: ${sharedUrl}`);
    expect(hugo?.content).toMatch(/<img src="\/uploads\/[^"]+" alt="html">/);
    expect(articles.find((article) => article.title === '假图片')?.content).toBe('![x](../img/not-really.png)');
    expect(articles.find((article) => article.title === 'broken-yaml')?.content).toBe('正文');
  });

  it("keeps each file's front-matter date and updated on the server, as the server's own import does", async () => {
    const dir = path.join(root, 'dates');
    await write('dates/hexo.md', '---\ntitle: 旧文章\ndate: 2019-05-04 08:00:00\nupdated: 2020-01-02 03:04:05\n---\n正文');
    await write('dates/hugo.md', '+++\ntitle = "Hugo 旧文章"\ndate = 2021-07-01T09:00:00+08:00\n+++\n正文');
    await write('dates/backwards.md', '---\ntitle: 日期颠倒\ndate: 2022-02-02\nupdated: 2021-01-01\n---\n正文');
    await write('dates/undated.md', '# 没有日期\n\n正文');
    const startedAt = Date.now() - 1000;
    const importReport = await runFolderImport({
      api: articlesApi(),
      items: (await scanForImport([dir], await currentTitles())).map((preview) => ({ preview })),
    });
    expect(importReport.counts.imported).toBe(4);
    expect(importReport.files.find((file) => file.relativePath === 'backwards.md')?.warnings).toEqual([
      D.importUpdatedBeforeDate,
    ]);

    const dates = new Map((await serverArticles()).map((article) => [article.title, [article.created_at, article.updated_at]]));
    expect(dates.get('旧文章')).toEqual(['2019-05-04T08:00:00Z', '2020-01-02T03:04:05Z']);
    expect(dates.get('Hugo 旧文章')).toEqual(['2021-07-01T01:00:00Z', '2021-07-01T01:00:00Z']);
    expect(dates.get('日期颠倒')).toEqual(['2022-02-02T00:00:00Z', '2022-02-02T00:00:00Z']);
    const [created, updated] = dates.get('没有日期') ?? [];
    expect(Date.parse(created ?? '')).toBeGreaterThanOrEqual(startedAt);
    expect(updated).toBe(created);
  });

  it('imports a file marked as a draft (Hugo draft: true, Jekyll published: false) as a draft readers never see', async () => {
    const dir = path.join(root, 'drafts');
    await write('drafts/hugo-draft.md', '---\ntitle: 还没写完\ndraft: true\n---\n草稿正文');
    await write('drafts/jekyll-draft.md', '---\ntitle: 也没写完\npublished: false\n---\n草稿正文');
    await write('drafts/finished.md', '---\ntitle: 写完了\ndraft: false\n---\n正文');
    const importReport = await runFolderImport({
      api: articlesApi(),
      items: (await scanForImport([dir], await currentTitles())).map((preview) => ({ preview })),
    });
    expect(importReport.counts.imported).toBe(3);

    const statuses = new Map((await serverArticles()).map((article) => [article.title, article.status]));
    expect(statuses.get('还没写完')).toBe('draft');
    expect(statuses.get('也没写完')).toBe('draft');
    expect(statuses.get('写完了')).toBe('published');
    const visible = await api<EnvelopeBody>('GET', '/api/articles?per_page=100');
    const publicTitles = (visible.body.data as { title: string }[]).map((article) => article.title);
    expect(publicTitles).toContain('写完了');
    expect(publicTitles).not.toContain('还没写完');
    expect(publicTitles).not.toContain('也没写完');
  });

  it('lets the owner skip, update or import as new when the title already exists', async () => {
    const dir = path.join(root, 'duplicates');
    for (const name of ['skip', 'update', 'new'])
      await write(`duplicates/${name}.md`, `---\ntitle: 已存在的文章\n---\n来自 ${name}.md 的正文`);
    const existing = await api<EnvelopeBody & { id: number }>('POST', '/api/admin/articles', {
      token,
      json: { title: '已存在的文章', content: '服务器上的正文' },
    });
    const previews = await scanForImport([dir], await currentTitles());
    expect(previews.every((preview) => preview.duplicateOf?.id === existing.body.id)).toBe(true);
    const choices: Record<string, ImportItem['onDuplicate']> = {
      'skip.md': 'skip',
      'update.md': 'update',
      'new.md': 'import-as-new',
    };
    const importReport = await runFolderImport({
      api: articlesApi(),
      items: previews.map((preview) => ({ preview, onDuplicate: choices[preview.relativePath] })),
    });
    expect(importReport.files.map((file) => [file.relativePath, file.status])).toEqual([
      ['new.md', 'imported'],
      ['skip.md', 'skipped'],
      ['update.md', 'updated'],
    ]);
    const same = (await serverArticles()).filter((article) => article.title === '已存在的文章');
    expect(same.map((article) => article.content).sort()).toEqual(['来自 new.md 的正文', '来自 update.md 的正文']);
  });

  it('stops before the next file when cancelled and leaves only whole articles', async () => {
    const dir = path.join(root, 'cancel');
    for (let n = 1; n <= 4; n += 1)
      await write(`cancel/${n}.md`, `---\ntitle: 取消测试 ${n}\n---\n![图](../blog/img/shared.png)\n正文 ${n}`);
    const previews = await scanForImport([dir], await currentTitles());
    const controller = new AbortController();
    const importReport = await runFolderImport({
      api: articlesApi(),
      items: previews.map((preview) => ({ preview })),
      signal: controller.signal,
      onProgress: (step) => {
        if (step.done === 2) controller.abort();
      },
    });
    expect(importReport.cancelled).toBe(true);
    expect(importReport.files.map((file) => file.status)).toEqual(['imported', 'imported', 'skipped', 'skipped']);
    expect(importReport.files[2]?.reason).toBe(D.importCancelled);
    const titles = (await serverArticles()).map((article) => article.title).filter((title) => title.startsWith('取消测试'));
    expect(titles.sort()).toEqual(['取消测试 1', '取消测试 2']);
  });
});
