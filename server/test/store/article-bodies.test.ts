import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { Store } from '../../src/store/store.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('article body revisions', () => {
  it('gives concurrent writers of one article distinct revision files', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-revs-'));
    try {
      const store = await Store.open(dataDir);
      // Both writers saw revision 1 as current; they must not both write revision 2.
      const first = store.reserveBodyRev(7, 1);
      const second = store.reserveBodyRev(7, 1);
      expect(new Set([first, second]).size).toBe(2);
      expect(Math.min(first, second)).toBeGreaterThan(1);
      expect(store.reserveBodyRev(8, 1)).toBe(2);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the body shown before a restart when many edits of one article race', async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    const token = await server.login();
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title: '竞争写入', content: 'v0' } });
    const id = created.body.id as number;

    const edits = Array.from({ length: 20 }, (_, index) =>
      api('PUT', `/api/admin/articles/${id}`, { token, json: { content: `version ${index} ${'x'.repeat(index * 1000)}` } }),
    );
    expect((await Promise.all(edits)).every((response) => response.status === 200)).toBe(true);
    const before = ((await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body.data as { content: string })
      .content;

    await server.stop();
    server = await startTestServer({ dataDir: server.dataDir });
    const afterToken = await server.login();
    const after = await apiClient(server.url)<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token: afterToken });
    expect((after.body.data as { content: string }).content).toBe(before);
    // Superseded revisions are removed, at the latest on the next start.
    expect((await readdir(path.join(server.dataDir, 'article-bodies'))).filter((name) => name.startsWith(`${id}-`))).toHaveLength(
      1,
    );
  });
});
