import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminAvatar } from '@folio/shared';
import { connectRealtime, startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { buildImage, imageForm, pixelsOf } from '../fixtures/images.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

/** Admin avatar JSON; public lists simply lack `cropped_info`. */
type AvatarJson = AdminAvatar;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
});
afterAll(() => server.close());

const uploadsDir = () => path.join(server.dataDir, 'uploads');
const storedUploads = async () => (await readdir(uploadsDir())).filter((name) => !name.startsWith('.'));

async function uploadAvatar(fields: Record<string, string> = {}): Promise<AvatarJson> {
  const response = await api<EnvelopeBody>('POST', '/api/admin/avatars', {
    token,
    body: imageForm(buildImage('png'), 'a.png', fields),
  });
  expect(response.status).toBe(201);
  return response.body.data as AvatarJson;
}

async function adminList(): Promise<AvatarJson[]> {
  return (await api<EnvelopeBody>('GET', '/api/admin/avatars', { token })).body.data as AvatarJson[];
}

describe('avatars', () => {
  beforeEach(async () => {
    for (const avatar of await adminList()) await api('DELETE', `/api/admin/avatars/${avatar.id}`, { token });
  });

  it('uploads an avatar with 201, top-level id and url, and makes it current and first', async () => {
    const bytes = buildImage('webp');
    const response = await api<EnvelopeBody>('POST', '/api/admin/avatars', {
      token,
      body: imageForm(bytes, 'me.webp', { cropped_info: '{"x":1,"y":2,"width":30}' }),
    });
    expect(response.status).toBe(201);
    const data = response.body.data as AvatarJson;
    expect(response.body).toMatchObject({ code: 0, msg: '上传成功', id: data.id, url: data.url });
    expect(data.filename).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(data).toMatchObject({
      url: `/uploads/${data.filename}`,
      is_current: true,
      sort_order: 0,
      cropped_info: { x: 1, y: 2, width: 30 },
    });
    expect(data.uploaded_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(await pixelsOf(await readFile(path.join(uploadsDir(), data.filename)))).toEqual(await pixelsOf(bytes));

    const second = await uploadAvatar();
    const list = await adminList();
    expect(list.map((avatar) => [avatar.id, avatar.is_current, avatar.sort_order])).toEqual([
      [second.id, true, 0],
      [data.id, false, 1],
    ]);
    expect(second.cropped_info).toBeNull();

    const publicList = (await api<EnvelopeBody>('GET', '/api/avatars')).body.data as AvatarJson[];
    expect(publicList.map((avatar) => avatar.id)).toEqual([second.id, data.id]);
    expect(publicList[0]).not.toHaveProperty('cropped_info');
  });

  it('rejects uploads without a file, with bad cropped_info, non-images and oversized files, writing nothing', async () => {
    const cases: [FormData | string, number, string][] = [
      [imageForm(undefined, 'x', { cropped_info: '{}' }), 400, '未上传文件'],
      [imageForm(Buffer.alloc(0), 'empty.png'), 400, '未上传文件'],
      [imageForm(buildImage(), 'a.png', { cropped_info: '{not json' }), 400, 'cropped_info 不是合法的JSON'],
      [imageForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.png'), 415, '不支持的图片格式'],
      [imageForm(Buffer.from('just some text pretending to be a png'), 'fake.png'), 415, '不支持的图片格式'],
      [imageForm(Buffer.concat([buildImage(), Buffer.alloc(25 * 1024 * 1024)]), 'big.png'), 413, '图片大小不能超过25MB'],
    ];
    for (const [body, status, msg] of cases) {
      const response = await api<EnvelopeBody>('POST', '/api/admin/avatars', { token, body });
      expect(response.status, msg).toBe(status);
      expect(response.body).toMatchObject({ code: 1, msg });
    }
    const notMultipart = await api<EnvelopeBody>('POST', '/api/admin/avatars', { token, json: { file: 'x' } });
    expect(notMultipart.body).toMatchObject({ code: 1, msg: '未上传文件' });
    expect(await storedUploads()).toEqual([]);
    expect(await adminList()).toEqual([]);
  });

  it('accepts an image of exactly 25 MB', async () => {
    const image = buildImage('gif');
    const bytes = Buffer.concat([image, Buffer.alloc(25 * 1024 * 1024 - image.length)]);
    const response = await api<EnvelopeBody>('POST', '/api/admin/avatars', { token, body: imageForm(bytes, 'big.gif') });
    expect(response.status).toBe(201);
    expect((response.body.data as AvatarJson).filename).toMatch(/\.gif$/);
  });

  it('requires a token for the admin list and every write', async () => {
    expect((await api('GET', '/api/admin/avatars')).status).toBe(401);
    expect((await api('POST', '/api/admin/avatars', { body: imageForm(buildImage()) })).status).toBe(401);
    expect((await api('PUT', '/api/admin/avatars/1/set_current')).status).toBe(401);
    expect((await api('PUT', '/api/admin/avatars/order', { json: { ids: [] } })).status).toBe(401);
    expect((await api('DELETE', '/api/admin/avatars/1')).status).toBe(401);
    expect(await storedUploads()).toEqual([]);
  });

  it('sets an avatar current, moving it to the front while the others keep their order', async () => {
    const a = await uploadAvatar();
    const b = await uploadAvatar();
    const c = await uploadAvatar();
    const response = await api<EnvelopeBody>('PUT', `/api/admin/avatars/${a.id}/set_current`, {
      token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.body).toMatchObject({ code: 0, msg: '已设为当前头像' });
    expect((response.body.data as AvatarJson[]).map((avatar) => [avatar.id, avatar.is_current, avatar.sort_order])).toEqual([
      [a.id, true, 0],
      [c.id, false, 1],
      [b.id, false, 2],
    ]);
    expect((await api<EnvelopeBody>('PUT', '/api/admin/avatars/9999/set_current', { token })).body).toMatchObject({
      msg: '头像不存在',
    });
    expect((await api('PUT', '/api/admin/avatars/abc/set_current', { token })).status).toBe(404);
  });

  it('reorders the whole list, the first becoming current, and rejects bad id lists', async () => {
    const a = await uploadAvatar();
    const b = await uploadAvatar();
    const c = await uploadAvatar();
    const response = await api<EnvelopeBody>('PUT', '/api/admin/avatars/order', { token, json: { ids: [b.id, a.id, c.id] } });
    expect(response.body.msg).toBe('排序已保存');
    expect((await adminList()).map((avatar) => [avatar.id, avatar.is_current, avatar.sort_order])).toEqual([
      [b.id, true, 0],
      [a.id, false, 1],
      [c.id, false, 2],
    ]);
    expect(
      (await api<EnvelopeBody>('PUT', '/api/admin/avatars/order', { token, json: { ids: [a.id, b.id] } })).body,
    ).toMatchObject({
      msg: '排序列表与当前数据不一致，请刷新后重试',
      error: 'conflict',
    });
    expect((await api('PUT', '/api/admin/avatars/order', { token, json: { ids: [a.id, b.id, 999] } })).status).toBe(409);
    expect(
      (await api<EnvelopeBody>('PUT', '/api/admin/avatars/order', { token, json: { ids: [a.id, a.id, c.id] } })).body,
    ).toMatchObject({
      msg: 'ids 必须是整数数组',
    });
    expect(
      (await api('PUT', '/api/admin/avatars/order', { token, body: 'ids', headers: { 'Content-Type': 'text/plain' } })).status,
    ).toBe(415);
  });

  it('deletes the row and its file, and the next avatar becomes current', async () => {
    const older = await uploadAvatar();
    const current = await uploadAvatar();
    expect(await storedUploads()).toContain(current.filename);

    const response = await api<EnvelopeBody>('DELETE', `/api/admin/avatars/${current.id}`, {
      token,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 0, msg: '已删除头像', data: { id: current.id } });
    expect(await storedUploads()).toEqual([older.filename]);
    expect((await adminList()).map((avatar) => [avatar.id, avatar.is_current, avatar.sort_order])).toEqual([[older.id, true, 0]]);
    expect((await api(`GET`, `/uploads/${current.filename}`)).status).toBe(404);

    expect((await api<EnvelopeBody>('DELETE', `/api/admin/avatars/${current.id}`, { token })).body).toMatchObject({
      msg: '头像不存在',
    });
  });

  it('keeps the file when an article cover still points at it', async () => {
    const avatar = await uploadAvatar();
    const article = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '同图', content: '正文', cover: avatar.url },
    });
    expect(article.status).toBe(201);
    expect((await api('DELETE', `/api/admin/avatars/${avatar.id}`, { token })).status).toBe(200);
    expect(await storedUploads()).toContain(avatar.filename);
    expect((await fetch(`${server.url}${avatar.url}`)).status).toBe(200);
    await api('DELETE', `/api/admin/articles/${article.body.id as number}`, { token });
  });

  it('emits avatars_updated after upload, set_current, order and delete', async () => {
    const realtime = await connectRealtime(server.url);
    try {
      const avatar = await uploadAvatar();
      await realtime.waitFor('avatars_updated');
      const steps: [string, string, unknown][] = [
        ['PUT', `/api/admin/avatars/${avatar.id}/set_current`, undefined],
        ['PUT', '/api/admin/avatars/order', { ids: [avatar.id] }],
        ['DELETE', `/api/admin/avatars/${avatar.id}`, undefined],
      ];
      for (const [method, url, json] of steps) {
        realtime.events.length = 0;
        expect((await api(method, url, { token, json })).status).toBe(200);
        await expect(realtime.waitFor('avatars_updated')).resolves.toBeUndefined();
      }
    } finally {
      realtime.close();
    }
  });
});
