import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminArticleDetail, ArticleFields } from '@folio/shared';
import { apiClient } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../tests/support/test-server.js';
import { createArticlesApi } from '../src/core/articles-api.js';
import type { DraftStore } from '../src/core/draft-store.js';
import { createHttpClient } from '../src/core/http.js';
import { openArticle } from '../src/core/mirror.js';
import type { Mirror } from '../src/core/mirror.js';
import { SyncEngine } from '../src/core/sync.js';
import type { LoopbackProxy } from './support/loopback-proxy.js';
import { fetchHoldingAnswer } from './support/send-races.js';
import { openSyncWorkspace, startProxiedServer } from './support/sync-workspace.js';

// The desktop edits an article offline while the browser edits it on the server; when the
// desktop comes back, both sides are merged against the revision they started from.

let server: TestServer;
let proxy: LoopbackProxy;
let token: string;
let dir: string;
let drafts: DraftStore;
let mirror: Mirror;
let sync: SyncEngine;

const direct = () => apiClient(server.url);
const articlesApi = () => createArticlesApi(createHttpClient({ baseUrl: proxy.url, token }));

const BODY = ['第一段：原文。', '', '第二段：原文。', '', '第三段：原文。'].join('\n');

function paragraphs(first: string, second: string, third: string): string {
  return [first, '', second, '', third].join('\n');
}

async function serverArticle(id: number): Promise<AdminArticleDetail> {
  const response = await direct()<EnvelopeBody & { data: AdminArticleDetail }>('GET', `/api/admin/articles/${id}`, { token });
  return response.body.data;
}

async function createArticle(title: string): Promise<number> {
  const response = await direct()<EnvelopeBody & { data: { id: number } }>('POST', '/api/admin/articles', {
    token,
    json: { title, content: BODY, category: '随笔', tags: '甲,乙' },
  });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

/** The browser admin saves its copy (it sends the whole article back, as its editor does). */
async function browserSaves(id: number, change: Partial<ArticleFields>): Promise<void> {
  const current = await serverArticle(id);
  const response = await direct()('PUT', `/api/admin/articles/${id}`, {
    token,
    headers: { 'X-Folio-Source': 'browser', 'If-Match': `"${current.revision}"` },
    json: { ...current, ...change },
  });
  expect(response.status).toBe(200);
}

/** Opens the article on the desktop and edits it while the server cannot be reached. */
async function desktopEditsOffline(id: number, change: Partial<ArticleFields>) {
  const opened = await openArticle(articlesApi(), mirror, id);
  if (!opened) throw new Error('article not found');
  const { title, content, category, tags, summary, cover } = opened.article;
  const draft = await drafts.create({
    fields: { title, content, category, tags, summary, cover },
    articleId: id,
    baseRevision: opened.article.revision,
    state: 'synced',
  });
  proxy.offline = true;
  await drafts.save(draft.id, change);
  expect((await sync.publish(draft.id)).status).toBe('offline');
  return draft.id;
}

async function backOnline() {
  proxy.offline = false;
  const [outcome] = await sync.publishPending();
  if (!outcome) throw new Error('nothing was pending');
  return outcome;
}

beforeAll(async () => {
  ({ server, token, proxy } = await startProxiedServer());
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});
beforeEach(async () => {
  ({ dir, drafts, mirror, sync } = await openSyncWorkspace('folio-sync-merge-', articlesApi()));
  proxy.offline = false;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('merging on sync against the base revision', () => {
  it('keeps the browser title and first paragraph and the desktop last paragraph, without asking', async () => {
    const id = await createArticle('原标题');
    const draftId = await desktopEditsOffline(id, {
      content: paragraphs('第一段：原文。', '第二段：原文。', '第三段：桌面改的。'),
    });
    await browserSaves(id, {
      title: '网页改的标题',
      content: paragraphs('第一段：网页改的。', '第二段：原文。', '第三段：原文。'),
    });

    const outcome = await backOnline();
    expect(outcome).toMatchObject({ status: 'synced', draft: { id: draftId, state: 'synced', conflict: null } });
    const article = await serverArticle(id);
    expect(article).toMatchObject({
      title: '网页改的标题',
      content: paragraphs('第一段：网页改的。', '第二段：原文。', '第三段：桌面改的。'),
    });
    expect(outcome.draft.fields).toMatchObject({ title: article.title, content: article.content });
    expect(outcome.draft.baseRevision).toBe(article.revision);

    // The desktop's save is named as such in the history once a later save replaces it.
    await browserSaves(id, { summary: '之后的摘要' });
    const history = await direct()<EnvelopeBody & { data: { source: string; title: string }[] }>(
      'GET',
      `/api/admin/articles/${id}/revisions`,
      { token },
    );
    expect(history.body.data.map((version) => version.source)).toEqual(['desktop', 'browser', 'api']);
  });

  it('merges the other fields too: the browser tags and summary, the desktop category', async () => {
    const id = await createArticle('字段合并');
    await desktopEditsOffline(id, { category: '技术', tags: '甲,乙,丙' });
    await browserSaves(id, { summary: '网页写的摘要', tags: '甲,乙,丁' });

    expect((await backOnline()).status).toBe('synced');
    expect(await serverArticle(id)).toMatchObject({
      category: '技术',
      summary: '网页写的摘要',
      tags: '甲,乙,丙,丁',
      content: BODY,
    });
  });

  it('asks only about a real overlap, with the base, the server and the local text', async () => {
    const id = await createArticle('真正的冲突');
    const local = paragraphs('第一段：原文。', '第二段：桌面改的。', '第三段：原文。');
    const remote = paragraphs('第一段：原文。', '第二段：网页改的。', '第三段：原文。');
    const draftId = await desktopEditsOffline(id, { content: local });
    await browserSaves(id, { title: '网页改的标题', content: remote });

    const outcome = await backOnline();
    expect(outcome.status).toBe('conflict');
    expect(outcome.draft.conflict).toMatchObject({
      base: { title: '真正的冲突', content: BODY },
      server: { title: '网页改的标题', content: remote },
    });
    expect(outcome.draft.fields.content).toBe(local);
    // Nothing was written over the browser's text.
    expect((await serverArticle(id)).content).toBe(remote);

    // Keeping the desktop's paragraph still keeps the browser's title: nothing reverted unseen.
    const kept = await sync.resolveConflict(draftId, { choice: 'mine' });
    expect(kept.status).toBe('synced');
    expect(await serverArticle(id)).toMatchObject({ title: '网页改的标题', content: local });
  });

  it('a merge by hand keeps what only the server changed in the other fields', async () => {
    const id = await createArticle('手动合并');
    const draftId = await desktopEditsOffline(id, { content: paragraphs('第一段：原文。', '桌面', '第三段：原文。') });
    await browserSaves(id, { title: '网页标题', content: paragraphs('第一段：原文。', '网页', '第三段：原文。') });
    expect((await backOnline()).status).toBe('conflict');

    const byHand = paragraphs('第一段：原文。', '网页 + 桌面', '第三段：原文。');
    expect((await sync.resolveConflict(draftId, { choice: 'merged', content: byHand })).status).toBe('synced');
    expect(await serverArticle(id)).toMatchObject({ title: '网页标题', content: byHand });
  });

  it('asks when the owner types into the line the browser changed while the base is being fetched', async () => {
    const id = await createArticle('取基础版本时在打字');
    const draftId = await desktopEditsOffline(id, {
      content: paragraphs('第一段：原文。', '第二段：原文。', '第三段：桌面改的。'),
    });
    const remote = paragraphs('第一段：原文。', '第二段：网页改的。', '第三段：原文。');
    await browserSaves(id, { content: remote });

    // The server has answered the base fetch; before the desktop hears it, the owner types.
    const typed = paragraphs('第一段：原文。', '第二段：桌面也改了。', '第三段：桌面改的。');
    const fetch = fetchHoldingAnswer(
      (method, pathName) => method === 'GET' && pathName.includes('/revisions/'),
      () => drafts.save(draftId, { content: typed }),
    );
    const racing = new SyncEngine({
      drafts,
      mirror,
      api: createArticlesApi(createHttpClient({ baseUrl: proxy.url, token, fetch })),
    });
    proxy.offline = false;
    const [outcome] = await racing.publishPending();

    expect(outcome).toMatchObject({
      status: 'conflict',
      draft: {
        state: 'conflict',
        fields: { content: typed },
        conflict: { base: { content: BODY }, server: { content: remote } },
      },
    });
    expect((await serverArticle(id)).content).toBe(remote);
  });

  it('a merge by hand never decides a field that came into conflict after the screen was shown', async () => {
    const id = await createArticle('之后才冲突的字段');
    const draftId = await desktopEditsOffline(id, { content: paragraphs('第一段：原文。', '桌面', '第三段：原文。') });
    await browserSaves(id, { title: '网页标题', content: paragraphs('第一段：原文。', '网页', '第三段：原文。') });
    expect((await backOnline()).status).toBe('conflict');

    // The editor, still open, changes the title as well: now both sides changed it.
    await drafts.save(draftId, { title: '桌面标题' });
    const byHand = paragraphs('第一段：原文。', '网页 + 桌面', '第三段：原文。');
    const outcome = await sync.resolveConflict(draftId, { choice: 'merged', content: byHand });
    expect(outcome).toMatchObject({
      status: 'conflict',
      draft: { state: 'conflict', fields: { title: '桌面标题', content: byHand } },
    });
    expect(await serverArticle(id)).toMatchObject({
      title: '网页标题',
      content: paragraphs('第一段：原文。', '网页', '第三段：原文。'),
    });

    // Settled on the screen shown again, it goes out.
    const settled = await sync.resolveConflict(draftId, { choice: 'merged', content: byHand, title: '网页标题' });
    expect(settled.status).toBe('synced');
    expect(await serverArticle(id)).toMatchObject({ title: '网页标题', content: byHand });
  });

  it('taking the server side of an editor conflict sends the merged text a failed send never delivered', async () => {
    const id = await createArticle('合并了却没发出去');
    const mine = paragraphs('第一段：原文。', '第二段：原文。', '第三段：桌面改的。');
    const draftId = await desktopEditsOffline(id, { content: mine });
    const shown = { ...(drafts.get(draftId)?.fields as ArticleFields) };
    await browserSaves(id, { title: '网页改的标题' });

    // The base arrives; the network goes before the merge of both sides is sent.
    const fetch = fetchHoldingAnswer(
      (method, pathName) => method === 'GET' && pathName.includes('/revisions/'),
      async () => {
        proxy.offline = true;
      },
    );
    const racing = new SyncEngine({
      drafts,
      mirror,
      api: createArticlesApi(createHttpClient({ baseUrl: proxy.url, token, fetch })),
    });
    proxy.offline = false;
    const [queued] = await racing.publishPending();
    expect(queued).toMatchObject({
      status: 'offline',
      draft: { state: 'pending', fields: { title: '网页改的标题', content: mine } },
    });

    // The open editor never saw the browser's title, and the owner changes the title too.
    await drafts.save(draftId, { ...shown, title: '桌面改的标题' });
    expect(drafts.get(draftId)).toMatchObject({
      state: 'conflict',
      conflict: { server: { title: '网页改的标题', content: mine }, serverHeld: false, publishing: true },
    });

    proxy.offline = false;
    const taken = await sync.resolveConflict(draftId, { choice: 'theirs' });
    expect(taken).toMatchObject({
      status: 'synced',
      draft: { state: 'synced', fields: { title: '网页改的标题', content: mine } },
    });
    expect(await serverArticle(id)).toMatchObject({ status: 'published', title: '网页改的标题', content: mine });
  });

  it('taking the server side while offline keeps that text queued, never 已同步 before the server holds it', async () => {
    const id = await createArticle('离线采用服务器');
    const mine = paragraphs('第一段：桌面改的。', '第二段：原文。', '第三段：原文。');
    const draftId = await desktopEditsOffline(id, { content: mine });
    const shown = { ...(drafts.get(draftId)?.fields as ArticleFields) };
    await browserSaves(id, { summary: '网页写的摘要' });
    const fetch = fetchHoldingAnswer(
      (method, pathName) => method === 'GET' && pathName.includes('/revisions/'),
      async () => {
        proxy.offline = true;
      },
    );
    const racing = new SyncEngine({
      drafts,
      mirror,
      api: createArticlesApi(createHttpClient({ baseUrl: proxy.url, token, fetch })),
    });
    proxy.offline = false;
    expect((await racing.publishPending())[0]?.status).toBe('offline');
    await drafts.save(draftId, { ...shown, summary: '桌面写的摘要' });
    expect(drafts.get(draftId)?.state).toBe('conflict');

    const taken = await sync.resolveConflict(draftId, { choice: 'theirs' });
    expect(taken).toMatchObject({ status: 'offline', draft: { state: 'pending', fields: { summary: '网页写的摘要' } } });
    proxy.offline = false;
    expect((await backOnline()).status).toBe('synced');
    expect(await serverArticle(id)).toMatchObject({ summary: '网页写的摘要', content: mine });
  });

  it('without the base (a server that no longer keeps it) the old conflict is shown, nothing merged', async () => {
    const id = await createArticle('没有基础版本');
    const draftId = await desktopEditsOffline(id, { content: paragraphs('第一段：原文。', '第二段：原文。', '桌面') });
    await browserSaves(id, { title: '网页标题' });
    // The draft claims a base the server never had.
    await drafts.update(draftId, (draft) => {
      draft.baseRevision = 999;
    });
    const outcome = await backOnline();
    expect(outcome.status).toBe('conflict');
    expect(outcome.draft.conflict?.base).toBeNull();
    expect((await serverArticle(id)).title).toBe('网页标题');
  });
});
