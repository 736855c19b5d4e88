import { afterEach, describe, expect, it } from 'vitest';
import { connectRealtime, startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { buildArticle, isoIn } from './articles.fixtures.js';

type Started = Awaited<ReturnType<typeof startSignedIn>>;

let started: Started | undefined;
afterEach(async () => {
  await started?.server.close();
  started = undefined;
});

/** Creates a scheduled article `ms` from now; resolves with its id and the stored time. */
async function schedule(site: Started, ms: number, title = '定时发布的文章'): Promise<{ id: number; publishAt: string }> {
  const response = await site.api<EnvelopeBody>('POST', '/api/admin/articles', {
    token: site.token,
    json: { ...buildArticle({ title }), status: 'scheduled', publish_at: isoIn(ms) },
  });
  expect(response.status).toBe(201);
  const data = response.body.data as { status: string; publish_at: string };
  expect(data.status).toBe('scheduled');
  return { id: response.body.id as number, publishAt: data.publish_at };
}

/** Polls the public detail every 50 ms until it answers 200; resolves with when it did (epoch ms). */
async function whenPublic(site: Started, id: number, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await fetch(`${site.server.url}/api/articles/${id}?refresh=1`)).status === 200) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`article ${id} was not public within ${timeoutMs} ms`);
}

const text = async (site: Started, path: string) => (await fetch(`${site.server.url}${path}`)).text();

describe('a scheduled article', () => {
  it('becomes public within a second of its time, with the live event, the RSS feed and the sitemap', async () => {
    started = await startSignedIn();
    const site = started;
    const realtime = await connectRealtime(site.server.url);
    try {
      const { id, publishAt } = await schedule(site, 1500);
      expect((await fetch(`${site.server.url}/api/articles/${id}`)).status).toBe(404);
      expect(await text(site, '/rss.xml')).not.toContain(`/articles/${id}<`);

      const publicAt = await whenPublic(site, id);
      expect(publicAt).toBeGreaterThanOrEqual(Date.parse(publishAt));
      expect(publicAt - Date.parse(publishAt)).toBeLessThan(1000);
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [id] });
      expect(await text(site, '/rss.xml')).toContain(`/articles/${id}<`);
      const detail = await site.api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token: site.token });
      // The sitemap lists an article at its slug address (server/API.md §E19).
      const { slug } = detail.body.data as { slug: string };
      expect(await text(site, '/sitemap.xml')).toContain(`/articles/${slug}<`);
      // Its publication is the change made when it was scheduled: revision and updated_at stay.
      expect(detail.body.data).toMatchObject({ status: 'published', publish_at: publishAt, revision: 1 });
    } finally {
      realtime.close();
    }
  });

  it('keeps its time across a restart before it, and stays published across one after it', async () => {
    started = await startSignedIn();
    const { id, publishAt } = await schedule(started, 2500);
    const dataDir = started.server.dataDir;
    await started.server.stop();
    started = await startSignedIn({ dataDir });
    expect((await fetch(`${started.server.url}/api/articles/${id}`)).status).toBe(404);
    const publicAt = await whenPublic(started, id);
    expect(publicAt - Date.parse(publishAt)).toBeLessThan(1000);

    await started.server.stop();
    started = await startSignedIn({ dataDir });
    const detail = await started.api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token: started.token });
    expect(detail.body.data).toMatchObject({ status: 'published', publish_at: publishAt });
  });

  it('goes out at the new time when its time is moved, and never when it is withdrawn first', async () => {
    started = await startSignedIn();
    const site = started;
    const moved = await schedule(site, 1500, '改期');
    const withdrawn = await schedule(site, 1500, '撤回');
    const later = isoIn(60 * 60 * 1000);
    const put = (id: number, json: unknown) =>
      site.api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, { token: site.token, json });
    expect((await put(moved.id, { publish_at: later })).body.data).toMatchObject({ status: 'scheduled', publish_at: later });
    expect((await put(withdrawn.id, { status: 'draft' })).body.data).toMatchObject({ status: 'draft', publish_at: null });

    await new Promise((resolve) => setTimeout(resolve, Date.parse(moved.publishAt) - Date.now() + 1200));
    for (const id of [moved.id, withdrawn.id]) expect((await fetch(`${site.server.url}/api/articles/${id}`)).status).toBe(404);
    const list = await site.api<EnvelopeBody>('GET', '/api/admin/articles', { token: site.token });
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: moved.id, status: 'scheduled', publish_at: later }),
        expect.objectContaining({ id: withdrawn.id, status: 'draft', publish_at: null }),
      ]),
    );
  });

  it('goes out at once when its time passed in the recycle bin and it is restored', async () => {
    started = await startSignedIn();
    const site = started;
    const { id } = await schedule(site, 1000);
    await site.api('DELETE', `/api/admin/articles/${id}`, { token: site.token });
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect((await fetch(`${site.server.url}/api/articles/${id}`)).status).toBe(404);
    const restored = await site.api<EnvelopeBody>('POST', `/api/admin/recycle-bin/${id}/restore`, { token: site.token });
    expect(restored.body.data).toMatchObject({ status: 'scheduled' });
    await whenPublic(site, id, 1000);
  });
});
