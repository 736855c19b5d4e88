import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { snapshotDir } from '../fixtures/backup.js';
import { buildImage } from '../fixtures/images.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
});
afterAll(() => server.close());

const post = (path: string, json: unknown) => api<EnvelopeBody>('POST', path, { token, json });

async function expectRefusedUnchanged(path: string, json: unknown, msg: string): Promise<void> {
  const before = await snapshotDir(server.dataDir);
  const response = await post(path, json);
  expect(response.status).toBe(400);
  expect(response.body.msg).toBe(msg);
  expect(await snapshotDir(server.dataDir)).toEqual(before);
}

async function feedText(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('clean text: one rule for every field', () => {
  it('removes control characters and noncharacters from single-line fields, keeps newlines in multi-line ones', async () => {
    const created = await post('/api/admin/articles', {
      title: 'A\u0000B\uFFFE\u0007C\nD',
      content: '第一行\r\n第二行\t缩进\u0000',
      summary: '摘要\u0001',
      category: '分\u001F类',
      tags: ['标\u0000签'],
    });
    expect(created.status).toBe(201);
    const id = (created.body.data as { id: number }).id;
    const article = (await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body.data as Record<string, unknown>;
    expect(article.title).toBe('ABCD');
    expect(article.content).toBe('第一行\n第二行\t缩进');
    expect(article.summary).toBe('摘要');
    expect(article.category).toBe('分类');
    expect(article.tags).toBe('标签');
  });

  it('cleans comments, skills, contacts and site blocks the same way', async () => {
    const article = await post('/api/admin/articles', { title: '评论目标', content: '正文' });
    const id = (article.body.data as { id: number }).id;
    const comment = await api<EnvelopeBody>('POST', `/api/articles/${id}/comments`, {
      json: { author: '访\u0000客', content: '你好\u0007\n世界' },
    });
    expect(comment.status).toBe(201);
    expect(comment.body.data).toMatchObject({ author: '访客', content: '你好\n世界' });
    const skill = await post('/api/admin/skills', { name: 'Type\u0000Script', description: '说明\u0008' });
    expect(skill.body.data).toMatchObject({ name: 'TypeScript', description: '说明' });
    const contact = await post('/api/admin/contacts', { value: 'a\u0000@example.com' });
    expect(contact.body.data).toMatchObject({ value: 'a@example.com' });
    const blocks = await api<EnvelopeBody>('PUT', '/api/admin/site-blocks', {
      token,
      json: { blocks: [{ name: 'home', content: { title: '标\u0000题', subtitle: '副\n标题\u001B' } }] },
    });
    expect(blocks.status).toBe(200);
    const home = (await api<EnvelopeBody>('GET', '/api/site-blocks')).body.data as {
      name: string;
      content: Record<string, string>;
    }[];
    expect(home.find((block) => block.name === 'home')?.content).toMatchObject({ title: '标题', subtitle: '副\n标题' });
  });

  it('refuses a lone surrogate with a Chinese message and changes nothing', async () => {
    await expectRefusedUnchanged(
      '/api/admin/articles',
      { title: '坏\uD800题', content: '正文' },
      '包含无效的字符（孤立的代理项）',
    );
    await expectRefusedUnchanged('/api/admin/skills', { name: '\uDC00技能' }, '包含无效的字符（孤立的代理项）');
  });

  it('keeps /rss.xml and /sitemap.xml well-formed XML whatever the titles held', async () => {
    const created = await post('/api/admin/articles', {
      title: 'NUL\u0000 非字符\uFFFE 结束',
      content: '正文',
      summary: '<script>&"\'\u0000',
      category: 'C&C',
      tags: ['C-sharp'],
    });
    expect(created.status).toBe(201);
    expect((await post('/api/admin/articles', { title: '孤立\uD83D代理', content: '正文' })).status).toBe(400);
    const rss = await feedText('/rss.xml');
    expect(XMLValidator.validate(rss)).toBe(true);
    expect(rss).toContain('<title>NUL 非字符 结束</title>');
    expect(rss).not.toContain('孤立');
    expect(XMLValidator.validate(await feedText('/sitemap.xml'))).toBe(true);
  });
});

describe('messages say what is wrong', () => {
  it('a category with a comma names the comma, not the length', async () => {
    await expectRefusedUnchanged('/api/admin/articles', { title: '标题', content: '正文', category: 'a,b' }, '分类不能包含逗号');
  });

  it('two files in a cover or avatar upload say only one file is allowed', async () => {
    for (const path of ['/api/admin/articles/cover', '/api/admin/avatars']) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(buildImage('png'))], { type: 'image/png' }), 'a.png');
      form.append('file', new Blob([new Uint8Array(buildImage('png'))], { type: 'image/png' }), 'b.png');
      const before = await snapshotDir(server.dataDir);
      const response = await api<EnvelopeBody>('POST', path, { token, body: form });
      expect(response.status, path).toBe(400);
      expect(response.body.msg, path).toBe('只能上传一个文件');
      expect(await snapshotDir(server.dataDir)).toEqual(before);
    }
  });

  it('import errors are Chinese and name the field, with no English zod text', async () => {
    const cases: [unknown, string][] = [
      [{ skills: {} }, '导入数据格式错误：skills 必须是数组'],
      [{ skills: [[]] }, '导入数据格式错误：skills[0] 类型错误，应为对象'],
      [{ articles: [{ id: 1, title: 't', content: 'c', tags: 5 }] }, '导入数据格式错误：articles[0].tags 必须是字符串'],
    ];
    for (const [json, msg] of cases) {
      const response = await post('/api/admin/import', json);
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe(msg);
      expect(JSON.stringify(response.body)).not.toMatch(/Invalid|expected|received/);
    }
  });
});
