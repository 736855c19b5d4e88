import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminArticleDetail } from '@folio/shared';
import { DesktopMessages as D } from '@folio/shared';
import { apiClient, startTestServer } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../tests/support/test-server.js';
import { createArticlesApi } from '../src/core/articles-api.js';
import { DraftStore } from '../src/core/draft-store.js';
import { createHttpClient } from '../src/core/http.js';
import type { Mirror } from '../src/core/mirror.js';
import { SyncEngine } from '../src/core/sync.js';
import type { LoopbackProxy } from './support/loopback-proxy.js';
import { mirrorWithSaveDuringSend } from './support/send-races.js';
import { draftFromServer as draftFromServerIn, openSyncWorkspace, startProxiedServer } from './support/sync-workspace.js';

let server: TestServer;
let proxy: LoopbackProxy;
let token: string;
let dir: string;
let drafts: DraftStore;
let mirror: Mirror;
let sync: SyncEngine;

const direct = () => apiClient(server.url);
const articlesApi = () => createArticlesApi(createHttpClient({ baseUrl: proxy.url, token }));

async function serverArticles(): Promise<AdminArticleDetail[]> {
  const list = await direct()<EnvelopeBody & { data: { id: number }[] }>('GET', '/api/admin/articles?per_page=100', { token });
  const details: AdminArticleDetail[] = [];
  for (const item of list.body.data) {
    details.push(
      (await direct()<EnvelopeBody & { data: AdminArticleDetail }>('GET', `/api/admin/articles/${item.id}`, { token })).body.data,
    );
  }
  return details;
}

/** Another client (the browser admin) edits the article behind the desktop's back. */
async function editElsewhere(id: number, content: string): Promise<void> {
  const response = await direct()('PUT', `/api/admin/articles/${id}`, { token, json: { content } });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  ({ server, token, proxy } = await startProxiedServer());
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});
beforeEach(async () => {
  ({ dir, drafts, mirror, sync } = await openSyncWorkspace('folio-sync-', articlesApi()));
  proxy.offline = false;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Opens a server article for editing the way the app does, as a draft of its unchanged text. */
const draftFromServer = (id: number) => draftFromServerIn({ api: articlesApi(), drafts, mirror }, id, 'synced');

async function createOnServer(title: string, content: string): Promise<number> {
  const draft = await drafts.create({ fields: { title, content } });
  const outcome = await sync.publish(draft.id);
  expect(outcome.status).toBe('synced');
  return outcome.draft.articleId as number;
}

describe('publishing', () => {
  it('creates an article and marks the draft 已同步 only with the server answer in hand', async () => {
    const draft = await drafts.create({ fields: { title: '新文章', content: '第一版正文', tags: 'a, b,a' } });
    const outcome = await sync.publish(draft.id);
    expect(outcome.status).toBe('synced');
    expect(outcome.draft).toMatchObject({ state: 'synced', pendingCreate: null, fields: { tags: 'a,b' } });
    const onServer = (await serverArticles()).find((article) => article.id === outcome.draft.articleId);
    expect(onServer).toMatchObject({ title: '新文章', content: '第一版正文' });
    expect(await mirror.get(outcome.draft.articleId as number)).toMatchObject({ content: '第一版正文' });
  });

  it('keeps edits made offline as 待发布 without an error, and publishes them after the server restarts', async () => {
    const id = await createOnServer('离线编辑', '上线前');
    const draft = await draftFromServer(id);
    await server.stop();
    await drafts.save(draft.id, { content: '断网时写的正文' });
    const offline = await sync.publish(draft.id);
    expect(offline).toMatchObject({ status: 'offline', message: D.offlineQueued, draft: { state: 'pending' } });

    // The app restarts too: the queue lives on disk, not in memory.
    server = await startTestServer({ dataDir: server.dataDir });
    token = await server.login();
    proxy.target = server.url;
    drafts = await DraftStore.open(path.join(dir, 'drafts'));
    sync = new SyncEngine({ drafts, mirror, api: articlesApi() });
    const [outcome] = await sync.publishPending();
    expect(outcome).toMatchObject({ status: 'synced', draft: { id: draft.id, state: 'synced' } });
    expect((await serverArticles()).find((article) => article.id === id)?.content).toBe('断网时写的正文');
  });

  it('makes one article when the answer to a create is lost and the create is sent again', async () => {
    const before = (await serverArticles()).length;
    const draft = await drafts.create({ fields: { title: '只应有一篇', content: '正文' } });
    proxy.dropAnswerOnce((method, pathName) => method === 'POST' && pathName === '/api/admin/articles');
    const lost = await sync.publish(draft.id);
    expect(lost.status).toBe('offline');
    // Written while the answer was lost: it follows as an update, not as a second create.
    await drafts.save(draft.id, { content: '正文，补充了一句' });
    const retried = await sync.publish(draft.id);
    expect(retried.status).toBe('synced');
    const matching = (await serverArticles()).filter((article) => article.title === '只应有一篇');
    expect(matching).toHaveLength(1);
    expect(matching[0]?.content).toBe('正文，补充了一句');
    expect((await serverArticles()).length).toBe(before + 1);
  });

  it('sends the saves of one article one at a time, ending with the last text', async () => {
    const id = await createOnServer('连续保存', '0');
    const draft = await draftFromServer(id);
    const outcomes = [];
    for (let n = 1; n <= 5; n += 1) {
      await drafts.save(draft.id, { content: `第${n}次` });
      outcomes.push(sync.publish(draft.id));
    }
    const settled = await Promise.all(outcomes);
    // One at a time, each with the revision the previous one got back: no self-inflicted 412.
    expect(settled.every((outcome) => outcome.status === 'synced')).toBe(true);
    expect((await serverArticles()).find((article) => article.id === id)?.content).toBe('第5次');
  });

  it('keeps a save that comes in as the answer is recorded, and publishes it next', async () => {
    const id = await createOnServer('发送时的按键', 'zero');
    const draft = await draftFromServer(id);
    await drafts.save(draft.id, { content: 'one' });
    let typed: Promise<unknown> | undefined;
    const racing = new SyncEngine({
      drafts,
      api: articlesApi(),
      mirror: mirrorWithSaveDuringSend(mirror, () => {
        typed = drafts.save(draft.id, { content: 'one two' });
      }),
    });
    const outcome = await racing.publish(draft.id);
    await typed;
    expect(typed).toBeDefined();
    expect(outcome).toMatchObject({ status: 'synced', draft: { state: 'synced', fields: { content: 'one two' } } });
    // On disk too: the server's "one" never replaced the newer keystrokes.
    const reopened = await DraftStore.open(path.join(dir, 'drafts'));
    expect(reopened.get(draft.id)?.fields.content).toBe('one two');
    expect((await serverArticles()).find((article) => article.id === id)?.content).toBe('one two');
  });

  it('publishes a draft written elsewhere when 发布 is pressed here', async () => {
    const created = await direct()<EnvelopeBody & { data: { id: number } }>('POST', '/api/admin/articles', {
      token,
      json: { title: '网页上的草稿', content: '没写完', category: '随笔', tags: '', status: 'draft' },
    });
    const id = created.body.data.id;
    const draft = await draftFromServer(id);
    expect((await mirror.get(id))?.status).toBe('draft');
    await drafts.save(draft.id, { content: '在桌面上写完了' });
    expect((await sync.publish(draft.id)).status).toBe('synced');
    expect((await serverArticles()).find((article) => article.id === id)).toMatchObject({
      status: 'published',
      content: '在桌面上写完了',
    });
  });

  it('sends a 4xx back to 仅本地 with the server message, creating nothing', async () => {
    const before = (await serverArticles()).length;
    const draft = await drafts.create({ fields: { title: '坏标签', content: '正文', tags: 'C++' } });
    const outcome = await sync.publish(draft.id);
    expect(outcome).toMatchObject({
      status: 'rejected',
      draft: { state: 'local', lastError: '标签格式不合法，只能包含中英文、数字、逗号、下划线、短横线' },
    });
    expect((await serverArticles()).length).toBe(before);
  });
});

describe('conflicts', () => {
  async function conflicted(title: string) {
    const id = await createOnServer(title, '原始正文');
    const draft = await draftFromServer(id);
    await drafts.save(draft.id, { content: '我在桌面上写的' });
    await editElsewhere(id, '别人在网页上写的');
    const outcome = await sync.publish(draft.id);
    expect(outcome.status).toBe('conflict');
    expect(outcome.draft.conflict?.server?.content).toBe('别人在网页上写的');
    // Both texts are kept: the server's untouched, the local one in the draft.
    expect(outcome.draft.fields.content).toBe('我在桌面上写的');
    expect((await serverArticles()).find((article) => article.id === id)?.content).toBe('别人在网页上写的');
    return { id, draftId: draft.id };
  }

  it('keep mine: the local text goes to the server over the revision it was shown', async () => {
    const { id, draftId } = await conflicted('冲突-保留我的');
    const outcome = await sync.resolveConflict(draftId, { choice: 'mine' });
    expect(outcome).toMatchObject({ status: 'synced', draft: { state: 'synced', conflict: null } });
    expect((await serverArticles()).find((article) => article.id === id)?.content).toBe('我在桌面上写的');
  });

  it('take theirs: the server text becomes the draft, the local text stays restorable', async () => {
    const { id, draftId } = await conflicted('冲突-采用服务器');
    const outcome = await sync.resolveConflict(draftId, { choice: 'theirs' });
    expect(outcome.draft).toMatchObject({ state: 'synced', fields: { content: '别人在网页上写的' } });
    expect((await serverArticles()).find((article) => article.id === id)?.content).toBe('别人在网页上写的');
    const revisions = await drafts.revisions(draftId);
    expect(revisions.map((revision) => revision.fields.content)).toContain('我在桌面上写的');
  });

  it('merge by hand: the merged text goes to the server, the local text stays restorable', async () => {
    const { id, draftId } = await conflicted('冲突-手动合并');
    const merged = '别人在网页上写的\n我在桌面上写的';
    const outcome = await sync.resolveConflict(draftId, { choice: 'merged', content: merged });
    expect(outcome.status).toBe('synced');
    expect((await serverArticles()).find((article) => article.id === id)?.content).toBe(merged);
    expect((await drafts.revisions(draftId)).map((revision) => revision.fields.content)).toContain('我在桌面上写的');
  });

  it('keep mine a second time when the server changed again meanwhile: another conflict, nothing overwritten', async () => {
    const { id, draftId } = await conflicted('冲突-再次改动');
    await editElsewhere(id, '第三个版本');
    const outcome = await sync.resolveConflict(draftId, { choice: 'mine' });
    expect(outcome.status).toBe('conflict');
    expect(outcome.draft.conflict?.server?.content).toBe('第三个版本');
    expect((await serverArticles()).find((article) => article.id === id)?.content).toBe('第三个版本');
  });

  it('keeps the local text as a separate new draft, whatever is chosen for the conflict', async () => {
    const { draftId } = await conflicted('冲突-另存');
    const copy = await sync.keepAsNew(draftId);
    expect(copy).toMatchObject({
      state: 'local',
      articleId: null,
      fields: { title: D.keptAsNewTitle('冲突-另存'), content: '我在桌面上写的' },
    });
    await sync.resolveConflict(draftId, { choice: 'theirs' });
    expect(drafts.get(copy.id)?.fields.content).toBe('我在桌面上写的');
  });
});
