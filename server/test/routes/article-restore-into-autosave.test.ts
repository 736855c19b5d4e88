import { io as connectSocket } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminArticleDetail, ArticleRevisionListItem } from '@folio/shared';
import { connectRealtime } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

const sockets: { close(): void }[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

type Detail = EnvelopeBody & { data: AdminArticleDetail };

const detail = async (id: number) => (await api<Detail>('GET', `/api/admin/articles/${id}`, { token })).body.data;

/** A published article changed once: version 1 is in its history, version 2 is what readers see. */
async function publishedWithTwoVersions(): Promise<{ id: number; revision: number }> {
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title: '第一版', content: '第一版的正文', tags: 'a' },
  });
  const id = created.body.id as number;
  const saved = await api<Detail>('PUT', `/api/admin/articles/${id}`, {
    token,
    json: { title: '第二版', content: '第二版的正文' },
  });
  return { id, revision: saved.body.data.revision };
}

describe('POST /api/admin/articles/:id/revisions/:revision/restore with into', () => {
  it('puts the version in the autosave for the owner to check: readers and the history see nothing of it', async () => {
    const { id, revision } = await publishedWithTwoVersions();
    const history = async () =>
      (await api<EnvelopeBody & { data: ArticleRevisionListItem[] }>('GET', `/api/admin/articles/${id}/revisions`, { token }))
        .body.data;
    const historyBefore = await history();
    const listener = await connectRealtime(server.url);
    sockets.push(listener);

    const response = await api<Detail>('POST', `/api/admin/articles/${id}/revisions/1/restore`, {
      token,
      json: { into: 'autosave' },
    });
    expect(response.status).toBe(200);
    expect(response.body.msg).toBe('已把所选版本放进编辑器的未保存内容，文章本身未改变');
    expect(response.body.data).toMatchObject({
      revision,
      status: 'published',
      title: '第二版',
      has_autosave: true,
      autosave: { title: '第一版', content: '第一版的正文', tags: 'a', base_revision: revision },
    });
    const publicCopy = await api<Detail>('GET', `/api/articles/${id}`);
    expect(publicCopy.body.data).toMatchObject({ title: '第二版', content: '第二版的正文' });
    expect(await history()).toEqual(historyBefore);
    expect((await detail(id)).autosave).toMatchObject({ title: '第一版' });
    // Readers' pages are told nothing: nothing they see changed.
    await api('GET', `/api/admin/articles/${id}`, { token });
    expect(listener.events.filter((event) => event.name === 'articles_updated')).toEqual([]);
  });

  it('restores into the article without a body or with into "article", as before', async () => {
    const { id, revision } = await publishedWithTwoVersions();
    const plain = await api<Detail>('POST', `/api/admin/articles/${id}/revisions/1/restore`, { token });
    expect(plain.body.data).toMatchObject({ title: '第一版', revision: revision + 1 });
    const named = await api<Detail>('POST', `/api/admin/articles/${id}/revisions/${revision}/restore`, {
      token,
      json: { into: 'article' },
    });
    expect(named.body.data).toMatchObject({ title: '第二版', revision: revision + 2 });
  });

  it('refuses an into it does not know and a body that is not JSON, changing nothing', async () => {
    const { id, revision } = await publishedWithTwoVersions();
    const unknown = await api<Detail>('POST', `/api/admin/articles/${id}/revisions/1/restore`, {
      token,
      json: { into: 'draft' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('into 只能是 article 或 autosave');
    const text = await api<Detail>('POST', `/api/admin/articles/${id}/revisions/1/restore`, {
      token,
      body: 'into=autosave',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    expect(await detail(id)).toMatchObject({ revision, title: '第二版', autosave: null });
  });
});

/** A socket signed in as the admin (server/API.md §E12.5), recording what it hears. */
async function connectAdmin(): Promise<{ socket: Socket; events: { name: string; payload: unknown }[] }> {
  const socket = connectSocket(server.url, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events };
}

describe('admin_articles_changed', () => {
  it('tells the admin’s sockets of every article change, drafts included, and public sockets of none of the drafts', async () => {
    const admin = await connectAdmin();
    const visitor = await connectRealtime(server.url);
    sockets.push(visitor);
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '桌面端新建的草稿', content: '', status: 'draft' },
      headers: { 'X-Folio-Source': 'desktop' },
    });
    const id = created.body.id as number;
    await expect
      .poll(() => admin.events.filter((event) => event.name === 'admin_articles_changed'))
      .toEqual([{ name: 'admin_articles_changed', payload: { ids: [id] } }]);
    await api('PUT', `/api/admin/articles/${id}`, { token, json: { content: '正文' } });
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    await expect.poll(() => admin.events.filter((event) => event.name === 'admin_articles_changed').length).toBe(3);
    expect(visitor.events.map((event) => event.name)).not.toContain('admin_articles_changed');
    expect(visitor.events.map((event) => event.name)).not.toContain('articles_updated');
  });
});
