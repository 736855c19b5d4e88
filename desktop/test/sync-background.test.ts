import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminArticleDetail, ArticleFields } from '@folio/shared';
import { DesktopMessages as D } from '@folio/shared';
import { apiClient } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../tests/support/test-server.js';
import { createArticlesApi } from '../src/core/articles-api.js';
import { BackgroundSync } from '../src/core/background-sync.js';
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

async function adminArticle(id: number): Promise<AdminArticleDetail> {
  return (await direct()<EnvelopeBody & { data: AdminArticleDetail }>('GET', `/api/admin/articles/${id}`, { token })).body.data;
}

async function articlesTitled(title: string): Promise<{ id: number; status: string }[]> {
  const list = await direct()<EnvelopeBody & { data: { id: number; title: string; status: string }[] }>(
    'GET',
    '/api/admin/articles?per_page=100',
    { token },
  );
  return list.body.data.filter((article) => article.title === title);
}

/** Another client (the browser admin) writes an article. */
async function createElsewhere(json: Record<string, unknown>): Promise<number> {
  const created = await direct()<EnvelopeBody & { data: { id: number } }>('POST', '/api/admin/articles', { token, json });
  expect(created.status).toBe(201);
  return created.body.data.id;
}

async function editElsewhere(id: number, json: Record<string, unknown>): Promise<void> {
  expect((await direct()('PUT', `/api/admin/articles/${id}`, { token, json })).status).toBe(200);
}

/** Opens a server article for editing the way the app does: mirror it, base a draft on it. */
const draftFromServer = (id: number) => draftFromServerIn({ api: articlesApi(), drafts, mirror }, id);

beforeAll(async () => {
  ({ server, token, proxy } = await startProxiedServer());
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});
beforeEach(async () => {
  ({ dir, drafts, mirror, sync } = await openSyncWorkspace('folio-sync-background-', articlesApi()));
  proxy.offline = false;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('background draft sync', () => {
  it('creates a new draft on the server as a draft, invisible to readers, a few moments after the save', async () => {
    const background = new BackgroundSync({ drafts, sync, canSend: () => true, delayMs: 50 });
    const draft = await drafts.create({ fields: { title: '后台同步的草稿', content: '第一段' } });
    background.draftSaved(draft.id);
    expect(drafts.list()[0]).toMatchObject({ unsent: true, waiting: true });
    await background.idle();

    const synced = drafts.get(draft.id);
    expect(synced).toMatchObject({ state: 'synced', serverStatus: 'draft', pendingCreate: null });
    expect(drafts.list()[0]).toMatchObject({ unsent: false, waiting: false });
    const id = synced?.articleId as number;
    expect(await adminArticle(id)).toMatchObject({ status: 'draft', title: '后台同步的草稿', content: '第一段' });
    expect((await direct()('GET', `/api/articles/${id}`)).status).toBe(404);
  });

  it('follows the edits of a server draft with PUTs that keep it a draft, written as the desktop', async () => {
    const background = new BackgroundSync({ drafts, sync, canSend: () => true, delayMs: 50 });
    const draft = await drafts.create({ fields: { title: '跟着改', content: '一' } });
    background.draftSaved(draft.id);
    await background.idle();
    const id = drafts.get(draft.id)?.articleId as number;

    await drafts.save(draft.id, { content: '一二' });
    background.draftSaved(draft.id);
    await drafts.save(draft.id, { content: '一二三' });
    background.draftSaved(draft.id);
    await background.idle();
    expect(await adminArticle(id)).toMatchObject({ status: 'draft', content: '一二三' });
    expect(drafts.get(draft.id)).toMatchObject({ state: 'synced', baseRevision: (await adminArticle(id)).revision });
    const history = await direct()<EnvelopeBody & { data: { source: string }[] }>('GET', `/api/admin/articles/${id}/revisions`, {
      token,
    });
    expect(history.body.data.map((version) => version.source)).toEqual(['desktop']);
  });

  it('sends saves made during a send in the next one, throttled rather than waiting for a pause', async () => {
    const background = new BackgroundSync({ drafts, sync, canSend: () => true, delayMs: 150 });
    const draft = await drafts.create({ fields: { title: '一直在写', content: '0' } });
    background.draftSaved(draft.id);
    // Saves keep coming faster than the delay: the first push goes out while they still do.
    let saves = 0;
    while (drafts.get(draft.id)?.articleId === null && saves < 60) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      saves += 1;
      await drafts.save(draft.id, { content: String(saves) });
      background.draftSaved(draft.id);
    }
    expect(saves).toBeLessThan(60);
    await drafts.save(draft.id, { content: 'last' });
    background.draftSaved(draft.id);
    await background.idle();
    expect(await adminArticle(drafts.get(draft.id)?.articleId as number)).toMatchObject({ content: 'last' });
    expect(drafts.get(draft.id)?.state).toBe('synced');
  });

  it('creates a server draft from a title alone, and from a body alone', async () => {
    const titled = await drafts.create({ fields: { title: '只有标题' } });
    const bodied = await drafts.create({ fields: { content: '只有正文' } });
    expect((await sync.pushDraft(titled.id)).status).toBe('synced');
    expect((await sync.pushDraft(bodied.id)).status).toBe('synced');
    expect(await adminArticle(drafts.get(titled.id)?.articleId as number)).toMatchObject({ status: 'draft', content: '' });
    expect(await adminArticle(drafts.get(bodied.id)?.articleId as number)).toMatchObject({ status: 'draft', title: '' });
  });

  it('leaves a text the server refused for the owner: no pass sends it again until it is edited', async () => {
    const background = new BackgroundSync({ drafts, sync, canSend: () => true, delayMs: 20 });
    const draft = await drafts.create({ fields: { title: '坏标签的草稿', tags: 'C++' } });
    expect((await sync.pushDraft(draft.id)).status).toBe('rejected');
    expect(drafts.list()[0]).toMatchObject({ state: 'local', waiting: true, lastError: expect.any(String) });
    expect(await background.pushAll()).toEqual([]);

    await drafts.save(draft.id, { tags: 'C' });
    expect((await background.pushAll()).map((outcome) => outcome.status)).toEqual(['synced']);
  });

  it('keeps a draft with neither title nor body on this machine', async () => {
    const draft = await drafts.create({ fields: { category: '随笔', tags: 'a' } });
    const seenBefore = proxy.seen.length;
    const outcome = await sync.pushDraft(draft.id);
    expect(outcome.status).toBe('skipped');
    expect(drafts.get(draft.id)).toMatchObject({ state: 'local', articleId: null, pendingCreate: null });
    expect(proxy.seen.slice(seenBefore)).toEqual([]);
  });

  it('sends the edit of a published article only to its autosave: readers keep the published text', async () => {
    const id = await createElsewhere({ title: '已发布的文章', content: '读者看到的正文' });
    const draft = await draftFromServer(id);
    expect(drafts.list()[0]).toMatchObject({ unsent: false });
    await drafts.save(draft.id, { content: '写了一半的新正文' });
    const outcome = await sync.pushDraft(draft.id);
    expect(outcome.status).toBe('synced');

    const article = await adminArticle(id);
    expect(article).toMatchObject({ status: 'published', content: '读者看到的正文' });
    expect(article.autosave).toMatchObject({ content: '写了一半的新正文', base_revision: draft.baseRevision });
    const pub = await direct()<EnvelopeBody & { data: { content: string } }>('GET', `/api/articles/${id}`);
    expect(pub.body.data.content).toBe('读者看到的正文');
    // Still 仅本地 as far as readers go, but nothing waits to be sent.
    expect(drafts.get(draft.id)).toMatchObject({ state: 'local' });
    expect(drafts.list()[0]).toMatchObject({ unsent: false, waiting: false });
    // 发布 makes it the article, and the save discards the autosave (server/API.md §E9.2).
    expect((await sync.publish(draft.id)).status).toBe('synced');
    expect(await adminArticle(id)).toMatchObject({ content: '写了一半的新正文', autosave: null });
  });

  it('switches to the autosave when the server draft was published in the browser meanwhile', async () => {
    const id = await createElsewhere({ title: '网页发布了', content: '草稿正文', status: 'draft' });
    const draft = await draftFromServer(id);
    await editElsewhere(id, { status: 'published' });
    await drafts.save(draft.id, { content: '桌面上继续写' });
    const outcome = await sync.pushDraft(draft.id);
    expect(outcome.status).toBe('synced');
    expect(await adminArticle(id)).toMatchObject({
      status: 'published',
      content: '草稿正文',
      autosave: expect.objectContaining({ content: '桌面上继续写' }),
    });
    expect(drafts.get(draft.id)).toMatchObject({ serverStatus: 'published', state: 'local' });
  });

  it('merges a server draft changed in the browser, and makes an overlap a conflict', async () => {
    const id = await createElsewhere({ title: '两边都改', content: '第一段\n\n第二段', status: 'draft' });
    const draft = await draftFromServer(id);
    await editElsewhere(id, { title: '网页改了标题' });
    await drafts.save(draft.id, { content: '第一段\n\n第二段\n\n桌面加的第三段' });
    expect((await sync.pushDraft(draft.id)).status).toBe('synced');
    expect(await adminArticle(id)).toMatchObject({
      status: 'draft',
      title: '网页改了标题',
      content: '第一段\n\n第二段\n\n桌面加的第三段',
    });

    await editElsewhere(id, { content: '第一段\n\n网页改的第二段\n\n桌面加的第三段' });
    await drafts.save(draft.id, { content: '第一段\n\n桌面改的第二段\n\n桌面加的第三段' });
    const clash = await sync.pushDraft(draft.id);
    expect(clash.status).toBe('conflict');
    expect(drafts.list()[0]).toMatchObject({ state: 'conflict', waiting: true });
    expect((await adminArticle(id)).content).toBe('第一段\n\n网页改的第二段\n\n桌面加的第三段');
  });

  it('keeps what a merge brought in when an editor still showing the old text saves again', async () => {
    const id = await createElsewhere({ title: '原来的标题', content: '第一段', status: 'draft' });
    const draft = await draftFromServer(id);
    const shown = { ...(drafts.get(draft.id)?.fields as ArticleFields) };
    await drafts.save(draft.id, { ...shown, content: '第一段\n\n第二段' });
    await editElsewhere(id, { title: '网页上改的标题' });
    expect((await sync.pushDraft(draft.id)).status).toBe('synced');
    expect(drafts.get(draft.id)?.fields.title).toBe('网页上改的标题');

    // The open editor never saw the new title and saves every field it holds.
    await drafts.save(draft.id, { ...shown, content: '第一段\n\n第二段\n\n第三段' });
    expect(drafts.get(draft.id)?.fields).toMatchObject({ title: '网页上改的标题', content: '第一段\n\n第二段\n\n第三段' });
    expect((await sync.pushDraft(draft.id)).status).toBe('synced');
    expect(await adminArticle(id)).toMatchObject({ title: '网页上改的标题', content: '第一段\n\n第二段\n\n第三段' });

    // Once the editor has read the draft again, what it sends is taken as it is.
    drafts.editorCaughtUp(draft.id);
    await drafts.save(draft.id, { title: '桌面上又改了标题' });
    expect(drafts.get(draft.id)?.fields.title).toBe('桌面上又改了标题');
  });

  it('sends a save that comes in as the answer to a push is recorded, with the next push', async () => {
    const draft = await drafts.create({ fields: { title: '推送时的按键', content: 'one' } });
    const racing = new SyncEngine({
      drafts,
      api: articlesApi(),
      // The app's save handler tells the background sync once the save is on disk.
      mirror: mirrorWithSaveDuringSend(mirror, () => {
        void drafts.save(draft.id, { content: 'one two' }).then(() => background.draftSaved(draft.id));
      }),
    });
    const background = new BackgroundSync({ drafts, sync: racing, canSend: () => true, delayMs: 50 });
    background.draftSaved(draft.id);
    await background.idle();

    const id = drafts.get(draft.id)?.articleId as number;
    expect(await adminArticle(id)).toMatchObject({ status: 'draft', content: 'one two' });
    expect(drafts.get(draft.id)).toMatchObject({ state: 'synced', fields: { content: 'one two' } });
    expect(drafts.list()[0]).toMatchObject({ unsent: false });
  });

  it('takes a save that came in during a push as the editor text, so deleting its words again sticks', async () => {
    const draft = await drafts.create({ fields: { title: '删掉又回来', content: 'one' } });
    let typed: Promise<unknown> | undefined;
    const racing = new SyncEngine({
      drafts,
      api: articlesApi(),
      mirror: mirrorWithSaveDuringSend(mirror, () => {
        typed = drafts.save(draft.id, { content: 'one\n\ntwo' });
      }),
    });
    expect((await racing.pushDraft(draft.id)).status).toBe('synced');
    await typed;
    // Sync replaced nothing, so the editor's next save is its text as it is.
    await drafts.save(draft.id, { content: 'one' });
    expect(drafts.get(draft.id)?.fields.content).toBe('one');
  });

  it('makes an editor change where a merge brought in the browser change a conflict, never writing over it', async () => {
    const id = await createElsewhere({ title: '原来的标题', content: '第一段', status: 'draft' });
    const draft = await draftFromServer(id);
    const shown = { ...(drafts.get(draft.id) as { fields: ArticleFields }).fields };
    await drafts.save(draft.id, { ...shown, content: '第一段\n\n第二段' });
    await editElsewhere(id, { title: '网页上改的标题' });
    expect((await sync.pushDraft(draft.id)).status).toBe('synced');
    expect(drafts.get(draft.id)?.fields.title).toBe('网页上改的标题');

    // The open editor never saw the browser's title, and the owner changes the title there too.
    await drafts.save(draft.id, { ...shown, title: '桌面上改的标题', content: '第一段\n\n第二段\n\n第三段' });
    expect(drafts.get(draft.id)).toMatchObject({
      state: 'conflict',
      fields: { title: '桌面上改的标题', content: '第一段\n\n第二段\n\n第三段' },
      conflict: {
        server: { id, title: '网页上改的标题', content: '第一段\n\n第二段' },
        base: { title: '原来的标题', content: '第一段\n\n第二段' },
      },
    });
    expect(drafts.list()[0]).toMatchObject({ state: 'conflict', waiting: true });
    expect((await sync.pushDraft(draft.id)).status).toBe('skipped');
    expect((await adminArticle(id)).title).toBe('网页上改的标题');

    // Taking the server's side keeps the browser title; the owner's stays in the ring.
    expect((await sync.resolveConflict(draft.id, { choice: 'theirs' })).draft.fields.title).toBe('网页上改的标题');
    const ring = await drafts.revisions(draft.id);
    expect(ring.map((revision) => revision.fields.title)).toContain('桌面上改的标题');
  });

  it('refuses to publish a draft in conflict: the conflict stays and nothing is sent over the browser change', async () => {
    const id = await createElsewhere({ title: '原来的标题', content: '第一段', status: 'draft' });
    const draft = await draftFromServer(id);
    const shown = { ...(drafts.get(draft.id) as { fields: ArticleFields }).fields };
    await drafts.save(draft.id, { ...shown, content: '第一段\n\n第二段' });
    await editElsewhere(id, { title: '网页上改的标题' });
    expect((await sync.pushDraft(draft.id)).status).toBe('synced');
    // The open editor never saw the browser's title and changes it too: a conflict.
    await drafts.save(draft.id, { ...shown, title: '桌面上改的标题', content: '第一段\n\n第二段' });
    const conflict = drafts.get(draft.id)?.conflict;
    expect(conflict?.server?.title).toBe('网页上改的标题');

    // 发布 pressed before the editor showed the conflict screen.
    const seenBefore = proxy.seen.length;
    const outcome = await sync.publish(draft.id);
    expect(outcome).toMatchObject({
      status: 'conflict',
      message: D.conflictDetected,
      draft: { state: 'conflict', conflict, fields: { title: '桌面上改的标题' } },
    });
    expect(proxy.seen.slice(seenBefore)).toEqual([]);
    expect(await adminArticle(id)).toMatchObject({ status: 'draft', title: '网页上改的标题' });
    expect(await sync.publishPending()).toEqual([]);
  });

  it('sends the resolution of a conflict the background sync found as a draft, never publishing it', async () => {
    const id = await createElsewhere({ title: '只是草稿', content: '第一段\n\n第二段', status: 'draft' });
    const draft = await draftFromServer(id);
    await editElsewhere(id, { title: '网页改的标题', content: '第一段\n\n网页改的第二段' });
    await drafts.save(draft.id, { content: '第一段\n\n桌面改的第二段' });
    expect((await sync.pushDraft(draft.id)).status).toBe('conflict');

    const kept = await sync.resolveConflict(draft.id, { choice: 'mine' });
    expect(kept).toMatchObject({ status: 'synced', draft: { state: 'synced', serverStatus: 'draft', conflict: null } });
    expect(await adminArticle(id)).toMatchObject({
      status: 'draft',
      title: '网页改的标题',
      content: '第一段\n\n桌面改的第二段',
    });
    expect((await direct()('GET', `/api/articles/${id}`)).status).toBe(404);

    // The same for a merge by hand.
    await editElsewhere(id, { content: '第一段\n\n网页又改了' });
    await drafts.save(draft.id, { content: '第一段\n\n桌面又改了' });
    expect((await sync.pushDraft(draft.id)).status).toBe('conflict');
    const merged = await sync.resolveConflict(draft.id, { choice: 'merged', content: '第一段\n\n两边合并' });
    expect(merged).toMatchObject({ status: 'synced', draft: { state: 'synced', serverStatus: 'draft' } });
    expect(await adminArticle(id)).toMatchObject({ status: 'draft', content: '第一段\n\n两边合并' });
  });

  it('a resolution of a background conflict made offline waits on this machine for the background sync', async () => {
    const id = await createElsewhere({ title: '离线解决', content: '第一段\n\n第二段', status: 'draft' });
    const draft = await draftFromServer(id);
    await editElsewhere(id, { content: '第一段\n\n网页改的第二段' });
    await drafts.save(draft.id, { content: '第一段\n\n桌面改的第二段' });
    expect((await sync.pushDraft(draft.id)).status).toBe('conflict');

    proxy.offline = true;
    const kept = await sync.resolveConflict(draft.id, { choice: 'mine' });
    expect(kept).toMatchObject({
      status: 'offline',
      message: D.offlineWillSync,
      draft: { state: 'local', lastError: null, conflict: null },
    });
    proxy.offline = false;
    const background = new BackgroundSync({ drafts, sync, canSend: () => true });
    expect((await background.pushAll()).map((outcome) => outcome.status)).toEqual(['synced']);
    expect(await adminArticle(id)).toMatchObject({ status: 'draft', content: '第一段\n\n桌面改的第二段' });
  });

  it('publishes the resolution of a conflict that a 发布 of a server draft ran into', async () => {
    const id = await createElsewhere({ title: '要发布的草稿', content: '第一段\n\n第二段', status: 'draft' });
    const draft = await draftFromServer(id);
    await editElsewhere(id, { content: '第一段\n\n网页改的第二段' });
    await drafts.save(draft.id, { content: '第一段\n\n桌面改的第二段' });
    expect((await sync.publish(draft.id)).status).toBe('conflict');

    const kept = await sync.resolveConflict(draft.id, { choice: 'mine' });
    expect(kept).toMatchObject({ status: 'synced', draft: { state: 'synced', serverStatus: 'published' } });
    expect(await adminArticle(id)).toMatchObject({ status: 'published', content: '第一段\n\n桌面改的第二段' });
  });

  it('waits silently while offline and sends everything left once the server answers', async () => {
    let online = false;
    const background = new BackgroundSync({ drafts, sync, canSend: () => online, delayMs: 20 });
    const draft = await drafts.create({ fields: { title: '断网时写的', content: '正文' } });
    background.draftSaved(draft.id);
    await background.idle();
    expect(drafts.get(draft.id)).toMatchObject({ state: 'local', articleId: null, lastError: null });

    // The server is cut while the app believes it is online: the push fails without a word.
    online = true;
    proxy.offline = true;
    expect((await sync.pushDraft(draft.id)).status).toBe('offline');
    expect(drafts.get(draft.id)).toMatchObject({ state: 'local', lastError: null });

    proxy.offline = false;
    const outcomes = await background.pushAll();
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['synced']);
    expect(await articlesTitled('断网时写的')).toEqual([expect.objectContaining({ status: 'draft' })]);
  });

  it('never makes two articles when the app is killed after the server made one but before it heard back', async () => {
    const draft = await drafts.create({ fields: { title: '只应有一篇草稿', content: '正文' } });
    proxy.dropAnswerOnce((method, pathName) => method === 'POST' && pathName === '/api/admin/articles');
    expect((await sync.pushDraft(draft.id)).status).toBe('offline');
    const key = drafts.get(draft.id)?.pendingCreate?.key;
    expect(key).toEqual(expect.any(String));

    // A restart reads the key back from the draft file and sends the same create with it.
    drafts = await DraftStore.open(path.join(dir, 'drafts'));
    sync = new SyncEngine({ drafts, mirror, api: articlesApi() });
    expect(drafts.get(draft.id)?.pendingCreate).toMatchObject({ key, status: 'draft' });
    await drafts.save(draft.id, { content: '正文，重启后又写了一句' });
    expect((await sync.pushDraft(draft.id)).status).toBe('synced');
    expect((await sync.pushDraft(draft.id)).status).toBe('synced');
    const matching = await articlesTitled('只应有一篇草稿');
    expect(matching).toHaveLength(1);
    expect(await adminArticle(matching[0]?.id as number)).toMatchObject({ status: 'draft', content: '正文，重启后又写了一句' });
  });

  it('publishes with 发布 a draft whose background create was never confirmed, as one article', async () => {
    const draft = await drafts.create({ fields: { title: '后台建的再发布', content: '正文' } });
    proxy.dropAnswerOnce((method, pathName) => method === 'POST' && pathName === '/api/admin/articles');
    expect((await sync.pushDraft(draft.id)).status).toBe('offline');
    const published = await sync.publish(draft.id);
    expect(published).toMatchObject({ status: 'synced', draft: { state: 'synced', serverStatus: 'published' } });
    expect(await articlesTitled('后台建的再发布')).toEqual([expect.objectContaining({ status: 'published' })]);
  });
});
