import { request as httpRequest } from 'node:http';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { backupArticle as article, fileEntry, freshServer, snapshotDir } from '../fixtures/backup.js';
import { buildImage, imageForm } from '../fixtures/images.js';

describe('validation: a broken backup changes nothing', () => {
  let ctx: Awaited<ReturnType<typeof freshServer>>;
  let existingUpload: string;
  beforeAll(async () => {
    ctx = await freshServer();
    const uploaded = await ctx.api<EnvelopeBody>('POST', '/api/admin/avatars', {
      token: ctx.token,
      body: imageForm(buildImage('png')),
    });
    existingUpload = (uploaded.body.data as { filename: string }).filename;
    await ctx.api('POST', '/api/admin/skills', { token: ctx.token, json: { name: '原有' } });
    await ctx.api('POST', '/api/admin/articles', { token: ctx.token, json: { title: '原有文章', content: '正文' } });
  });
  afterAll(() => ctx.server.close());

  async function expectRejected(json: unknown, msg: string, firstError?: { field: string; msg: string }): Promise<EnvelopeBody> {
    const before = await snapshotDir(ctx.server.dataDir);
    const response = await ctx.api<EnvelopeBody>('POST', '/api/admin/import', { token: ctx.token, json });
    expect(response.status, msg).toBe(400);
    expect(response.body).toMatchObject({ code: 1, msg });
    if (firstError) expect((response.body.data as { errors: unknown[] }).errors[0]).toEqual(firstError);
    expect(await snapshotDir(ctx.server.dataDir)).toEqual(before);
    return response.body;
  }

  it('rejects one bad article deep in the list, naming it, with valid sections alongside', async () => {
    const articles = [1, 2, 3, 4, 5].map((id) => article(100 + id));
    articles[3] = article(104, { title: '   ' });
    await expectRejected({ skills: [{ id: 50, name: '新技能' }], articles }, '导入数据格式错误：articles[3].title 不能为空', {
      field: 'articles[3].title',
      msg: '不能为空',
    });
  });

  it('rejects a file whose sha256 does not match, leaving uploads/ as it was', async () => {
    const bytes = buildImage('png');
    const entry = { ...fileEntry(bytes), sha256: '0'.repeat(64) };
    await expectRejected(
      { avatars: [{ id: 9, filename: 'b'.repeat(32) + '.png' }], files: { [`${'b'.repeat(32)}.png`]: entry } },
      `导入数据格式错误：files.${'b'.repeat(32)}.png.sha256 sha256 校验失败`,
    );
    await expectRejected(
      { avatars: [{ id: 9, filename: existingUpload }], files: { [existingUpload]: { ...fileEntry(bytes), size: 3 } } },
      `导入数据格式错误：files.${existingUpload}.size 文件大小与 size 不一致`,
    );
  });

  it('reports each kind of problem with its field path', async () => {
    const text = Buffer.from('not an image at all, just text');
    const cases: [unknown, string][] = [
      [{}, '导入数据格式错误：未找到可导入的数据'],
      [{ data: { hello: 1 } }, '导入数据格式错误：未找到可导入的数据'],
      [[1, 2], '导入数据格式错误：未找到可导入的数据'],
      [{ skills: 'Python' }, '导入数据格式错误：skills 必须是数组'],
      [{ skills: [{ id: 1, name: 'Go', level: 101 }] }, '导入数据格式错误：skills[0].level 必须是0到100之间的整数'],
      [{ skills: [{ id: 0, name: 'Go' }] }, '导入数据格式错误：skills[0].id 必须是正整数'],
      [
        {
          skills: [
            { id: 1, name: 'A' },
            { id: 1, name: 'B' },
          ],
        },
        '导入数据格式错误：skills[1].id 重复',
      ],
      [{ contacts: [{ id: 1, type: 'E MAIL', value: 'x' }] }, '导入数据格式错误：contacts[0].type 联系方式类型无效'],
      [{ site_blocks: [{ name: 'home', content: 'x' }] }, '导入数据格式错误：site_blocks[0].content 必须是对象'],
      [{ avatars: [{ id: 1, filename: '../meta.json' }] }, '导入数据格式错误：avatars[0].filename 文件名无效'],
      [{ articles: [article(1, { created_at: 'yesterday' })] }, '导入数据格式错误：articles[0].created_at 日期格式无效'],
      [{ articles: [article(1, { cover: 'javascript:alert(1)' })] }, '导入数据格式错误：articles[0].cover 封面地址无效'],
      [
        { comments: [{ id: 1, article_id: 999, author: 'a', content: 'b' }] },
        '导入数据格式错误：comments[0].article_id 对应的文章不存在',
      ],
      [{ version: 3, skills: [] }, '导入数据格式错误：version 不支持的备份版本'],
      [{ skills: [], files: { 'x.png': { ...fileEntry(text) } } }, '导入数据格式错误：files.x.png 不是支持的图片格式'],
      [
        { skills: [], files: { 'x.png': { ...fileEntry(text), base64: '@@@' } } },
        '导入数据格式错误：files.x.png.base64 base64 内容无效',
      ],
      // An image restored only under an image name whose extension matches its content.
      [
        { skills: [], files: { 'secrets.json': fileEntry(buildImage('png')) } },
        '导入数据格式错误：files.secrets.json 文件名必须以 .jpg、.jpeg、.png、.gif 或 .webp 结尾',
      ],
      [
        { skills: [], files: { 'index.html': fileEntry(buildImage('gif')) } },
        '导入数据格式错误：files.index.html 文件名必须以 .jpg、.jpeg、.png、.gif 或 .webp 结尾',
      ],
      [
        { skills: [], files: { noextension: fileEntry(buildImage('png')) } },
        '导入数据格式错误：files.noextension 文件名必须以 .jpg、.jpeg、.png、.gif 或 .webp 结尾',
      ],
      [
        { skills: [], files: { 'photo.jpg': fileEntry(buildImage('png')) } },
        '导入数据格式错误：files.photo.jpg 文件扩展名与图片内容不符，应以 .png 结尾',
      ],
    ];
    for (const [json, msg] of cases) await expectRejected(json, msg);
  });

  it('restores an image whose name matches its content, in any letter case', async () => {
    const response = await ctx.api<EnvelopeBody>('POST', '/api/admin/import', {
      token: ctx.token,
      json: { skills: [], files: { 'restored.PNG': fileEntry(buildImage('png')) } },
    });
    expect(response.status).toBe(200);
    expect((await fetch(`${ctx.server.url}/uploads/restored.PNG`)).status).toBe(200);
  });

  it('lists at most 50 problems', async () => {
    const skills = Array.from({ length: 60 }, (_, index) => ({ id: index + 1, name: '' }));
    const body = await expectRejected({ skills }, '导入数据格式错误：skills[0].name 不能为空');
    expect((body.data as { errors: unknown[] }).errors).toHaveLength(50);
    expect(body.error).toBe('validation_failed');
  });

  it('requires a token and a JSON body', async () => {
    const { api, token } = ctx;
    expect((await api('POST', '/api/admin/import', { json: { skills: [] } })).status).toBe(401);
    const wrongType = await api<EnvelopeBody>('POST', '/api/admin/import', {
      token,
      body: '{"skills":[]}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ code: 1, msg: '请选择JSON格式的文件' });
    const malformed = await api<EnvelopeBody>('POST', '/api/admin/import', {
      token,
      body: '{"skills": [',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('请求体不是合法的JSON');
  });

  it('refuses a body over 200 MB from its declared length, before reading it', async () => {
    const { hostname, port } = new URL(ctx.server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({
        hostname,
        port,
        path: '/api/admin/import',
        method: 'POST',
        headers: {
          Authorization: `Bearer ${ctx.token}`,
          'Content-Type': 'application/json',
          'Content-Length': 200 * 1024 * 1024 + 1,
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: text });
        });
      });
      req.on('error', reject);
      req.write('{"skills":[');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 1, msg: '请求体过大', error: 'payload_too_large' });
  });

  it('removes the files it wrote and restores a replaced one when the commit fails', async () => {
    const { api, token, server } = ctx;
    // A directory where the new article's body file must go makes the body write fail.
    await mkdir(path.join(server.dataDir, 'article-bodies', '777-1.md'));
    const before = await snapshotDir(server.dataDir);
    const replacement = buildImage('png');
    const response = await api<EnvelopeBody>('POST', '/api/admin/import', {
      token,
      json: {
        avatars: [
          { id: 70, filename: 'c'.repeat(32) + '.png' },
          { id: 71, filename: existingUpload },
        ],
        articles: [article(777)],
        files: { [`${'c'.repeat(32)}.png`]: fileEntry(buildImage('png')), [existingUpload]: fileEntry(replacement) },
      },
    });
    expect(response.status).toBe(500);
    expect(await snapshotDir(server.dataDir)).toEqual(before);
    expect((await api<EnvelopeBody>('GET', '/api/admin/avatars', { token })).body.data).toHaveLength(1);
  });
});
