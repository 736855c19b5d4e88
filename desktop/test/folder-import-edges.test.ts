import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderImportMessages as F } from '@folio/shared';
import { startSignedIn } from '../../tests/support/test-server.js';
import type { TestServer, apiClient } from '../../tests/support/test-server.js';
import { createArticlesApi } from '../src/core/articles-api.js';
import { runFolderImport } from '../src/core/folder-import.js';
import type { ImportItem } from '../src/core/folder-import.js';
import { scanForImport, titleIndex } from '../src/core/folder-scan.js';
import type { ImportPreview } from '../src/core/folder-scan.js';
import { createHttpClient } from '../src/core/http.js';
import { SVG, folderWriter, serverArticles, uniquePng, uploadCount } from './fixtures/import-folder.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let root: string;
const write = folderWriter(() => root);

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
  root = await mkdtemp(path.join(tmpdir(), 'folio-import-edges-'));
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const articlesApi = () => createArticlesApi(createHttpClient({ baseUrl: server.url, token }));

async function scan(folder: string): Promise<Map<string, ImportPreview>> {
  const list = await articlesApi().listAll();
  if (!list.ok) throw new Error(list.message);
  const previews = await scanForImport([path.join(root, folder)], titleIndex(list.value));
  return new Map(previews.map((preview) => [preview.relativePath, preview]));
}

async function importAll(previews: Iterable<ImportPreview>, extra: Partial<ImportItem> = {}) {
  return runFolderImport({ api: articlesApi(), items: [...previews].map((preview) => ({ preview, ...extra })) });
}

const article = async (title: string) => (await serverArticles(api, token)).find((found) => found.title === title);

describe('folder import: images', () => {
  it('skips an SVG with a warning and imports the rest of the file, its other image uploaded', async () => {
    await write('svg/img/photo.png', uniquePng());
    await write('svg/img/logo.svg', SVG);
    await write('svg/post.md', '---\ntitle: 带矢量图的文章\n---\n![照片](img/photo.png)\n\n![标志](img/logo.svg)');
    const previews = await scan('svg');
    expect(previews.get('post.md')).toMatchObject({
      blocking: false,
      problems: [{ kind: 'unsupported-image', message: F.imageUnsupported('img/logo.svg') }],
    });
    const before = await uploadCount(server.dataDir);
    const report = await importAll(previews.values());
    expect(report.files[0]).toMatchObject({ status: 'imported', warnings: [F.imageUnsupported('img/logo.svg')] });
    expect(await uploadCount(server.dataDir)).toBe(before + 1);
    expect((await article('带矢量图的文章'))?.content).toMatch(
      /^!\[照片\]\(\/uploads\/[0-9a-f]{32}\.png\)\n\n!\[标志\]\(img\/logo\.svg\)$/,
    );
  });

  it('leaves nothing uploaded for a file that is not created: every image is judged before the first upload', async () => {
    await write('gone/img/first.png', uniquePng());
    await write('gone/img/second.png', uniquePng());
    await write('gone/post.md', '---\ntitle: 第二张图后来没了\n---\n![一](img/first.png)\n![二](img/second.png)');
    const previews = await scan('gone');
    expect(previews.get('post.md')?.problems).toEqual([]);
    await rm(path.join(root, 'gone/img/second.png'));
    const before = await uploadCount(server.dataDir);
    const report = await importAll(previews.values());
    expect(report.files[0]).toMatchObject({ status: 'skipped', reason: F.brokenLinksNotAccepted('img/second.png') });
    expect(await uploadCount(server.dataDir)).toBe(before);
    expect(await article('第二张图后来没了')).toBeUndefined();
  });

  it('resolves a site-root link (/images/photo1.png) against the chosen folder, and flags one it cannot find', async () => {
    await write('site/images/photo1.png', uniquePng());
    await write('site/posts/trip.md', '---\ntitle: 根路径图片\ncover: /images/photo1.png\n---\n![风景](/images/photo1.png)');
    await write('site/posts/lost.md', '---\ntitle: 根路径缺图\n---\n![找不到](/images/nowhere.png)');
    const previews = await scan('site');
    expect(previews.get('posts/trip.md')).toMatchObject({
      problems: [],
      coverFile: path.join(root, 'site/images/photo1.png'),
      images: [{ file: path.join(root, 'site/images/photo1.png'), exists: true, verdict: 'ok' }],
    });
    expect(previews.get('posts/lost.md')?.problems).toEqual([
      { kind: 'missing-image', message: F.rootImageMissing('/images/nowhere.png') },
    ]);
    const report = await importAll(previews.values());
    expect(report.files.map((file) => [file.relativePath, file.status])).toEqual([
      ['posts/lost.md', 'skipped'],
      ['posts/trip.md', 'imported'],
    ]);
    const trip = await article('根路径图片');
    const url = /^!\[风景\]\((\/uploads\/[0-9a-f]{32}\.png)\)$/.exec(trip?.content ?? '')?.[1];
    expect(url).toBeDefined();
    expect(trip?.cover).toBe(url);
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);
  });

  it('leaves a file with a missing image out until the owner accepts the broken link, then keeps the link', async () => {
    await write('missing/post.md', '---\ntitle: 缺图但要导入\n---\n正文\n\n![没了](./img/lost.png)');
    const previews = await scan('missing');
    expect(previews.get('post.md')).toMatchObject({
      blocking: false,
      problems: [{ kind: 'missing-image', message: '图片不存在：./img/lost.png' }],
    });
    const refused = await importAll(previews.values());
    expect(refused.files[0]).toMatchObject({ status: 'skipped', reason: F.brokenLinksNotAccepted('./img/lost.png') });
    expect(await article('缺图但要导入')).toBeUndefined();

    const accepted = await importAll(previews.values(), { acceptMissingImages: true });
    expect(accepted.files[0]).toMatchObject({ status: 'imported', warnings: [F.brokenLinkKept('./img/lost.png')] });
    expect((await article('缺图但要导入'))?.content).toBe('正文\n\n![没了](./img/lost.png)');
  });

  it('stores the same image once when it is imported twice, in two runs from two folders', async () => {
    const photo = uniquePng();
    await write('twice-a/a.png', photo);
    await write('twice-a/a.md', '---\ntitle: 第一次导入\n---\n![图](a.png)');
    await write('twice-b/pics/copy.png', photo);
    await write('twice-b/b.md', '---\ntitle: 第二次导入\n---\n![图](pics/copy.png)');
    const before = await uploadCount(server.dataDir);
    expect((await importAll((await scan('twice-a')).values())).counts.imported).toBe(1);
    expect((await importAll((await scan('twice-b')).values())).counts.imported).toBe(1);
    expect(await uploadCount(server.dataDir)).toBe(before + 1);
    expect((await article('第二次导入'))?.content).toBe((await article('第一次导入'))?.content);
  });
});

describe('folder import: front matter and titles', () => {
  it('imports the body of a file whose front matter is broken, titled and dated from its file name, with a warning', async () => {
    await write('broken/2023-05-06-雪山.md', '---\ntitle: [没有闭合\ncategories: 游记\n---\n山顶的风很大。');
    const previews = await scan('broken');
    expect(previews.get('2023-05-06-雪山.md')).toMatchObject({
      title: '雪山',
      date: '2023-05-06T00:00:00Z',
      blocking: false,
      problems: [{ kind: 'front-matter', message: F.frontMatterBroken }],
    });
    const report = await importAll(previews.values());
    expect(report.files[0]).toMatchObject({ status: 'imported', warnings: [F.frontMatterBroken] });
    expect(await article('雪山')).toMatchObject({ content: '山顶的风很大。', created_at: '2023-05-06T00:00:00Z' });
  });

  it('flags files of the same title within the chosen folder', async () => {
    await write('same/a.md', '---\ntitle: 同一个标题\n---\n甲');
    await write('same/sub/b.md', '# 同一个标题\n\n乙');
    await write('same/c.md', '---\ntitle: 另一个标题\n---\n丙');
    const previews = await scan('same');
    expect(previews.get('a.md')).toMatchObject({
      sameTitleAs: ['sub/b.md'],
      problems: [{ kind: 'same-title', message: F.sameTitleInFolder('sub/b.md') }],
    });
    expect(previews.get('sub/b.md')?.sameTitleAs).toEqual(['a.md']);
    expect(previews.get('c.md')).toMatchObject({ sameTitleAs: [], problems: [] });
  });

  it('takes the first of several categories as the category and the others as tags', async () => {
    await write('categories/trip.md', '---\ntitle: 川藏线\ncategories: [游记, 高原]\ntags: [骑行]\n---\n正文');
    const previews = await scan('categories');
    expect(previews.get('trip.md')).toMatchObject({
      category: '游记',
      tags: ['骑行', '高原'],
      problems: [{ kind: 'categories-as-tags', message: F.categoriesAsTags('高原') }],
    });
    await importAll(previews.values());
    expect(await article('川藏线')).toMatchObject({ category: '游记', tags: '骑行,高原' });
  });
});
