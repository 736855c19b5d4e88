import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DesktopMessages, LIMITS, ServerMessages } from '@folio/shared';
import type { AdminArticleDetail } from '@folio/shared';
import { apiClient } from '../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../tests/support/test-server.js';
import { createArticlesApi } from '../src/core/articles-api.js';
import type { ArticlesApi } from '../src/core/articles-api.js';
import { DraftImageError, DraftImages } from '../src/core/draft-images.js';
import { DraftStore } from '../src/core/draft-store.js';
import { createHttpClient } from '../src/core/http.js';
import { SyncEngine } from '../src/core/sync.js';
import type { LoopbackProxy } from './support/loopback-proxy.js';
import { startProxiedServer } from './support/sync-workspace.js';
import { brokenPng, PROFILE_ID, pngBytes, openImagesWorkspace, uploadsSeen } from './support/draft-images-workspace.js';
import type { ImagesWorkspace } from './support/draft-images-workspace.js';

let server: TestServer;
let proxy: LoopbackProxy;
let token: string;
let work: ImagesWorkspace;

const api = (): ArticlesApi => createArticlesApi(createHttpClient({ baseUrl: proxy.url, token }));

async function serverArticle(id: number): Promise<AdminArticleDetail> {
  const answer = await apiClient(server.url)<EnvelopeBody & { data: AdminArticleDetail }>('GET', `/api/admin/articles/${id}`, {
    token,
  });
  return answer.body.data;
}

const LOCAL_LINK = new RegExp(String.raw`\(/draft-images/${PROFILE_ID}/[0-9a-f]{64}\.png\)`);

beforeAll(async () => {
  ({ server, token, proxy } = await startProxiedServer());
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});
beforeEach(async () => {
  proxy.offline = false;
  proxy.seen.length = 0;
  work = await openImagesWorkspace(api());
});
afterEach(() => rm(work.dir, { recursive: true, force: true }));

describe('keeping an image with a draft', () => {
  it('writes the bytes under their SHA-256 and answers the link the draft will hold', async () => {
    const kept = await work.images.keep(pngBytes(1));
    expect(kept.url).toBe(`/draft-images/${PROFILE_ID}/${kept.name}`);
    expect(kept.name).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(await readdir(work.imagesDir)).toEqual([kept.name]);
    // The same bytes again are the same file.
    expect((await work.images.keep(pngBytes(1))).name).toBe(kept.name);
    expect(await readdir(work.imagesDir)).toEqual([kept.name]);
  });

  it('refuses what the server would refuse, with its message, and writes nothing', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    await expect(work.images.keep(svg)).rejects.toThrow(new DraftImageError(ServerMessages.imageTypeUnsupported));
    const huge = new Uint8Array(LIMITS.imageBytes + 1);
    huge.set(pngBytes(1));
    await expect(work.images.keep(huge)).rejects.toThrow(new DraftImageError(ServerMessages.imageTooLarge));
    expect(await readdir(work.imagesDir)).toEqual([]);
  });
});

describe('sending a draft with kept images', () => {
  it('uploads each image once, rewrites its links in the draft, then sends the text with the server URLs', async () => {
    const kept = await work.images.keep(pngBytes(2));
    const draft = await work.drafts.create({
      fields: { title: '离线配图', content: `前\n![图](${kept.url})\n中\n![同一张](${kept.url} "标题")\n后` },
    });

    const outcome = await work.sync.pushDraft(draft.id);
    expect(outcome.status).toBe('synced');
    expect(uploadsSeen(proxy)).toBe(1);
    const local = work.drafts.get(draft.id);
    expect(local?.fields.content).toMatch(
      /^前\n!\[图\]\(\/uploads\/[0-9a-f]+\.png\)\n中\n!\[同一张\]\(\/uploads\/[0-9a-f]+\.png "标题"\)\n后$/,
    );
    expect(local?.fields.content).not.toMatch(LOCAL_LINK);
    const article = await serverArticle(local?.articleId as number);
    expect(article.content).toBe(local?.fields.content);
    // Synced and linked from nowhere but the revision ring: the local copy is gone, its server URL kept.
    expect(await readdir(work.imagesDir)).toEqual([`${kept.name}.uploaded`]);
  });

  it('offline sends nothing and changes nothing; 发布 keeps the draft 待发布 with its local link', async () => {
    const kept = await work.images.keep(pngBytes(3));
    const content = `![图](${kept.url})`;
    const draft = await work.drafts.create({ fields: { title: '离线发布', content } });
    proxy.offline = true;

    expect((await work.sync.pushDraft(draft.id)).status).toBe('offline');
    const published = await work.sync.publish(draft.id);
    expect(published.status).toBe('offline');
    expect(published.draft.state).toBe('pending');
    expect(published.draft.lastError).toBe(DesktopMessages.offlineQueued);
    expect(work.drafts.get(draft.id)?.fields.content).toBe(content);
    expect(await readdir(work.imagesDir)).toContain(kept.name);

    proxy.offline = false;
    const [sent] = await work.sync.publishPending();
    expect(sent?.status).toBe('synced');
    const article = await serverArticle(sent?.draft.articleId as number);
    expect(article.status).toBe('published');
    expect(article.content).toMatch(/^!\[图\]\(\/uploads\/[0-9a-f]+\.png\)$/);
  });

  it('an image the server refuses keeps the local link, says why in the draft, and sends no text', async () => {
    const kept = await work.images.keep(brokenPng());
    const content = `正文\n![坏图](${kept.url})`;
    const draft = await work.drafts.create({ fields: { title: '坏图草稿', content } });

    const outcome = await work.sync.pushDraft(draft.id);
    expect(outcome.status).toBe('rejected');
    const local = work.drafts.get(draft.id);
    expect(local?.fields.content).toBe(content);
    expect(local?.articleId).toBeNull();
    expect(local?.lastError).toContain(ServerMessages.imageDamaged);
    expect(work.drafts.list().find((summary) => summary.id === draft.id)?.waiting).toBe(true);
    expect(proxy.seen.filter((request) => request.startsWith('POST /api/admin/articles ')).length).toBe(0);
    expect(await readdir(work.imagesDir)).toContain(kept.name);
  });

  it('a crash after the upload, before the rewrite, uploads nothing again on restart', async () => {
    const kept = await work.images.keep(pngBytes(4));
    const draft = await work.drafts.create({ fields: { title: '上传后崩溃', content: `![图](${kept.url})` } });
    const killed = new Error('killed');
    // The process dies when it comes to record the rewritten links.
    await expect(
      work.images.uploadLinked(draft, {
        api: api(),
        change: () => Promise.reject(killed),
      }),
    ).rejects.toBe(killed);
    expect(uploadsSeen(proxy)).toBe(1);

    // Started again on the same folder.
    const drafts = await DraftStore.open(path.join(work.dir, 'drafts'));
    const images = await DraftImages.open(work.imagesDir, { profileId: PROFILE_ID, graceMs: 0 });
    const sync = new SyncEngine({ drafts, api: api(), images });
    expect(drafts.get(draft.id)?.fields.content).toBe(`![图](${kept.url})`);
    expect((await sync.pushDraft(draft.id)).status).toBe('synced');
    expect(uploadsSeen(proxy)).toBe(1);
    expect(drafts.get(draft.id)?.fields.content).toMatch(/^!\[图\]\(\/uploads\/[0-9a-f]+\.png\)$/);
  });
});

describe('removing kept images', () => {
  it('keeps an image while any draft or revision links to it, and removes it once none does', async () => {
    const shared = await work.images.keep(pngBytes(5));
    const first = await work.drafts.create({ fields: { title: '甲', content: `![a](${shared.url})` } });
    const second = await work.drafts.create({ fields: { title: '乙', content: `![b](${shared.url})` } });
    expect(await work.images.removeUnlinked(work.drafts)).toEqual([]);

    await work.drafts.discard(first.id);
    expect(await work.images.removeUnlinked(work.drafts)).toEqual([]);
    // The owner took the link out; the text before that is in the revision ring, which may restore it.
    await work.drafts.update(second.id, (draft) => (draft.fields.content = '没有图了'), { snapshot: true });
    expect(await work.images.removeUnlinked(work.drafts)).toEqual([]);

    await work.drafts.discard(second.id);
    expect(await work.images.removeUnlinked(work.drafts)).toEqual([shared.name]);
    expect(await readdir(work.imagesDir)).toEqual([]);
  });

  it('keeps the server URL of an uploaded image while a revision links to it, and forgets it after', async () => {
    const kept = await work.images.keep(pngBytes(7));
    const draft = await work.drafts.create({ fields: { title: '丙', content: `![c](${kept.url})` } });
    expect((await work.sync.pushDraft(draft.id)).status).toBe('synced');
    // The text before the rewrite went into the revision ring.
    expect(await readdir(work.imagesDir)).toEqual([`${kept.name}.uploaded`]);

    // The revision restored: the link goes up again as the server's URL, with no second upload.
    const ring = await work.drafts.revisions(draft.id);
    await work.drafts.restoreRevision(draft.id, ring.find((revision) => revision.fields.content.includes(kept.url))?.id ?? -1);
    expect((await work.sync.pushDraft(draft.id)).status).toBe('synced');
    expect(work.drafts.get(draft.id)?.fields.content).toMatch(/^!\[c\]\(\/uploads\/[0-9a-f]+\.png\)$/);
    expect(uploadsSeen(proxy)).toBe(1);

    await work.drafts.discard(draft.id);
    await work.images.removeUnlinked(work.drafts);
    expect(await readdir(work.imagesDir)).toEqual([]);
  });

  it('keeps the server URL of an uploaded image for a day after nothing links to it, for an editor still showing the old link', async () => {
    let clock = new Date();
    const images = await DraftImages.open(work.imagesDir, { profileId: PROFILE_ID, now: () => clock });
    const sync = new SyncEngine({ drafts: work.drafts, api: api(), images });
    const kept = await images.keep(pngBytes(8));
    const draft = await work.drafts.create({ fields: { title: '丁', content: `![d](${kept.url})` } });
    expect((await sync.pushDraft(draft.id)).status).toBe('synced');
    await work.drafts.discard(draft.id);

    expect(await images.removeUnlinked(work.drafts)).toEqual([]);
    expect(await readdir(work.imagesDir)).toEqual([`${kept.name}.uploaded`]);
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    await images.removeUnlinked(work.drafts);
    expect(await readdir(work.imagesDir)).toEqual([]);
  });

  it('leaves an image kept moments ago alone, even with no link to it yet', async () => {
    const images = await DraftImages.open(work.imagesDir, { profileId: PROFILE_ID });
    const kept = await images.keep(pngBytes(6));
    expect(await images.removeUnlinked(work.drafts)).toEqual([]);
    expect(await readdir(work.imagesDir)).toEqual([kept.name]);
  });

  it('never reads a file that is not a content-named image, and sweeps crashed writes', async () => {
    await writeFile(path.join(work.imagesDir, '.abc.png.123.tmp'), 'torn');
    await writeFile(path.join(work.imagesDir, 'notes.txt'), 'the owner put this here');
    await DraftImages.open(work.imagesDir, { profileId: PROFILE_ID, graceMs: 0 });
    expect(await readdir(work.imagesDir)).toEqual(['notes.txt']);
    expect(await work.images.removeUnlinked(work.drafts)).toEqual([]);
  });
});
