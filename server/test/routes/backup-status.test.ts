import { afterEach, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { createArticle, idsOf, isoIn } from './articles.fixtures.js';

type Site = Awaited<ReturnType<typeof startSignedIn>>;

const sites: Site[] = [];
afterEach(async () => {
  for (const site of sites.splice(0)) await site.server.close();
});

async function newSite(): Promise<Site> {
  const site = await startSignedIn();
  sites.push(site);
  return site;
}

const importBackup = (site: Site, json: unknown) =>
  site.api<EnvelopeBody>('POST', '/api/admin/import', { token: site.token, json });
const adminDetail = async (site: Site, id: number) =>
  (await site.api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token: site.token })).body.data;

describe('backups and article status', () => {
  it('carry drafts and scheduled articles with their status and time, and restore them unseen', async () => {
    const source = await newSite();
    const scheduledAt = isoIn(60 * 60 * 1000);
    const published = await createArticle(source.api, source.token, {
      title: '补发',
      status: 'published',
      publish_at: '2020-02-02T00:00:00Z',
    });
    const draft = await createArticle(source.api, source.token, { title: '草稿', status: 'draft' });
    const scheduled = await createArticle(source.api, source.token, {
      title: '定时',
      status: 'scheduled',
      publish_at: scheduledAt,
    });
    const exported = await source.api<EnvelopeBody>('GET', '/api/admin/export', { token: source.token });
    const backup = exported.body.data as { articles: Record<string, unknown>[] };
    expect(backup.articles.map(({ id, status, publish_at }) => ({ id, status, publish_at }))).toEqual([
      { id: published, status: 'published', publish_at: '2020-02-02T00:00:00Z' },
      { id: draft, status: 'draft', publish_at: null },
      { id: scheduled, status: 'scheduled', publish_at: scheduledAt },
    ]);

    const target = await newSite();
    expect((await importBackup(target, backup)).status).toBe(200);
    expect(await adminDetail(target, published)).toMatchObject({ status: 'published', publish_at: '2020-02-02T00:00:00Z' });
    expect(await adminDetail(target, draft)).toMatchObject({ status: 'draft', publish_at: null });
    expect(await adminDetail(target, scheduled)).toMatchObject({ status: 'scheduled', publish_at: scheduledAt });
    expect(idsOf((await target.api<EnvelopeBody>('GET', '/api/articles')).body)).toEqual([published]);
  });

  it("reads the original's articles, which have no status, as published when they were created", async () => {
    const site = await newSite();
    const response = await importBackup(site, {
      articles: [{ id: 5, title: '原版文章', content: '正文', created_at: 'Sun, 10 Aug 2025 09:07:06 GMT', deleted_at: null }],
    });
    expect(response.body.data).toMatchObject({ format: 'legacy' });
    expect(await adminDetail(site, 5)).toMatchObject({ status: 'published', publish_at: '2025-08-10T09:07:06Z' });
    expect((await site.api('GET', '/api/articles/5')).status).toBe(200);
  });

  it('publishes at once a scheduled article whose time passed, and refuses a schedule without a time', async () => {
    const site = await newSite();
    const past = { id: 7, title: '过期的定时', content: '正文', status: 'scheduled', publish_at: '2024-01-01T00:00:00Z' };
    expect((await importBackup(site, { version: 2, articles: [past] })).status).toBe(200);
    await expect.poll(async () => (await site.api('GET', '/api/articles/7')).status, { timeout: 1000 }).toBe(200);
    expect(await adminDetail(site, 7)).toMatchObject({ status: 'published', publish_at: '2024-01-01T00:00:00Z' });

    for (const [article, field, msg] of [
      [{ ...past, id: 8, publish_at: null }, 'articles[0].publish_at', '不能为空'],
      [{ ...past, id: 8, status: 'hidden' }, 'articles[0].status', '只能是 draft、scheduled 或 published'],
      [{ ...past, id: 8, publish_at: '下周' }, 'articles[0].publish_at', '日期格式无效'],
    ] as const) {
      const refused = await importBackup(site, { version: 2, articles: [article] });
      expect(refused.status, msg).toBe(400);
      expect(refused.body.msg).toBe(`导入数据格式错误：${field} ${msg}`);
    }
    expect((await site.api('GET', '/api/admin/articles/8', { token: site.token })).status).toBe(404);
  });
});
