import { describe, expect, it } from 'vitest';
import type { AdminArticleDetail, MarkdownImportSummary } from '@folio/shared';
import { connectRealtime } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

function importFiles(files: Record<string, string>) {
  const body = new FormData();
  for (const [filename, content] of Object.entries(files)) body.append('files', new Blob([content]), filename);
  return api<EnvelopeBody & { data: MarkdownImportSummary }>('POST', '/api/admin/articles/import-md', { token, body });
}

const readArticle = async (id: number) =>
  (await api<EnvelopeBody & { data: AdminArticleDetail }>('GET', `/api/admin/articles/${id}`, { token })).body.data;

const idOf = (summary: MarkdownImportSummary, filename: string) =>
  summary.results.find((result) => result.filename === filename)?.id ?? 0;

describe('import-md and drafts', () => {
  it('imports a file marked as a draft as one, unseen and unannounced; the others are published at their date', async () => {
    const realtime = await connectRealtime(server.url);
    try {
      const response = await importFiles({
        'hugo.md': '---\ntitle: Hugo 草稿\ndraft: true\n---\n正文',
        'toml.md': '+++\ntitle = "TOML 草稿"\ndraft = true\n+++\n正文',
        'jekyll.md': '---\ntitle: Jekyll 未发布\npublished: false\n---\n正文',
        'public.md': '---\ntitle: 公开的文章\ndate: 2022-03-04\ndraft: false\n---\n正文',
      });
      expect(response.body.data.imported_count).toBe(4);
      const summary = response.body.data;
      for (const filename of ['hugo.md', 'toml.md', 'jekyll.md']) {
        const id = idOf(summary, filename);
        expect(await readArticle(id), filename).toMatchObject({ status: 'draft', publish_at: null });
        expect((await api('GET', `/api/articles/${id}`)).status, filename).toBe(404);
      }
      const published = idOf(summary, 'public.md');
      expect(await readArticle(published)).toMatchObject({ status: 'published', publish_at: '2022-03-04T00:00:00Z' });
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [published] });
    } finally {
      realtime.close();
    }
  });
});

describe('import-md and the yes-or-no words of Jekyll, Hugo and Hexo', () => {
  it('imports yes/no/on/off marks in any case, and a mark that is neither, as drafts; a plain no-draft mark publishes', async () => {
    const marked = ['published: no', 'draft: yes', 'draft: on', 'published: off', 'Draft: true', 'draft: maybe'];
    const files = Object.fromEntries(
      marked.map((mark, index) => [`marked-${index}.md`, `---\ntitle: 标记 ${index}\n${mark}\n---\n正文`]),
    );
    const response = await importFiles({ ...files, 'public.md': '---\ntitle: 公开\npublished: Yes\ndraft: Off\n---\n正文' });
    const summary = response.body.data;
    expect(summary.imported_count).toBe(marked.length + 1);
    for (const [index, mark] of marked.entries()) {
      const id = idOf(summary, `marked-${index}.md`);
      expect(await readArticle(id), mark).toMatchObject({ status: 'draft' });
      expect((await api('GET', `/api/articles/${id}`)).status, mark).toBe(404);
    }
    expect(await readArticle(idOf(summary, 'public.md'))).toMatchObject({ status: 'published' });
  });
});

describe('import-md and the dates of server/API.md §E4', () => {
  it('takes a file with only an updated date as written then, never updated before it was created', async () => {
    const response = await importFiles({
      'updated-only.md': '---\ntitle: 只有更新日期\nupdated: 2021-06-01\n---\n正文',
      'lastmod-only.md': '---\ntitle: 只有 lastmod\nlastmod: 2021-07-02T10:00:00+08:00\n---\n正文',
      'backwards.md': '---\ntitle: 更新早于发布\ndate: 2021-08-01\nupdated: 2021-01-01\n---\n正文',
    });
    const summary = response.body.data;
    expect(summary.imported_count).toBe(3);
    expect(await readArticle(idOf(summary, 'updated-only.md'))).toMatchObject({
      created_at: '2021-06-01T00:00:00Z',
      updated_at: '2021-06-01T00:00:00Z',
      publish_at: '2021-06-01T00:00:00Z',
    });
    expect(await readArticle(idOf(summary, 'lastmod-only.md'))).toMatchObject({
      created_at: '2021-07-02T02:00:00Z',
      updated_at: '2021-07-02T02:00:00Z',
    });
    const backwards = await readArticle(idOf(summary, 'backwards.md'));
    expect(backwards).toMatchObject({ created_at: '2021-08-01T00:00:00Z', updated_at: '2021-08-01T00:00:00Z' });
    expect(summary.results.find((result) => result.filename === 'backwards.md')?.warnings).toEqual([
      '更新日期（updated）早于发布日期（date），已忽略',
    ]);
  });
});
