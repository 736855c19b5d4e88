import { promises as fsPromises } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageHealthStatus } from '@folio/shared';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';

let server: TestServer | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

/** What the server logged as errors, message and error code. */
function capturingLogger() {
  const errors: Array<{ message: string; code: unknown }> = [];
  return {
    errors,
    logger: {
      info: () => undefined,
      error: (message: string, error?: unknown) =>
        errors.push({ message, code: (error as { code?: unknown } | undefined)?.code }),
    },
  };
}

/** Makes every rename onto a file whose name matches `target` fail as a full disk does. */
function failRenamesOnto(target: RegExp): void {
  const realRename = fsPromises.rename.bind(fsPromises);
  vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
    if (target.test(String(to))) throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC' });
    return realRename(from, to);
  });
}

describe('GET /api/admin/storage', () => {
  it('is for the owner only', async () => {
    server = await startTestServer();
    const response = await apiClient(server.url)('GET', '/api/admin/storage');
    expect(response.status).toBe(401);
  });

  it('says all is well, with the disk space, when no write failed', async () => {
    server = await startTestServer();
    const token = await server.login();
    const response = await apiClient(server.url)<EnvelopeBody>('GET', '/api/admin/storage', { token });
    expect(response.status).toBe(200);
    const status = response.body.data as StorageHealthStatus;
    expect(status.state).toBe('ok');
    expect(status.last_failure).toBeNull();
    expect(status.disk?.total_bytes).toBeGreaterThan(0);
  });

  it('logs a background compaction that failed on a full disk, and reports it until one succeeds', async () => {
    const { errors, logger } = capturingLogger();
    server = await startTestServer({ logger });
    const api = apiClient(server.url);
    const token = await server.login();
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title: '长文', content: '# 正文' } });
    const id = Number(created.body.id);
    // Straight to the store: summaries longer than a request may send make the log grow fast.
    const articles = new ArticlesRepository(server.app.store);

    failRenamesOnto(/articles\.json$/);
    // Long summaries make long log lines: a few dozen saves pass the compaction threshold.
    const summary = '长'.repeat(20_000);
    for (let save = 0; save < 60 && errors.length === 0; save += 1) {
      await articles.update(id, { summary: `${summary}${save}` });
      await server.app.store.flush();
    }
    expect(errors).toEqual([{ message: 'Data directory write failed (compaction)', code: 'ENOSPC' }]);
    const failing = (await api<EnvelopeBody>('GET', '/api/admin/storage', { token })).body.data as StorageHealthStatus;
    expect(failing.state).toBe('failing');
    expect(failing.last_failure).toMatchObject({ operation: 'compaction', code: 'ENOSPC' });
    expect(failing.last_failure?.message).toContain('磁盘已满');
    expect(Number.isNaN(Date.parse(failing.last_failure?.at ?? ''))).toBe(false);

    // Once the disk has room, the next compaction succeeds and the warning goes; the failure stays on record.
    vi.restoreAllMocks();
    for (let save = 0; save < 60 && (await server.app.store.health.status()).state !== 'ok'; save += 1) {
      await articles.update(id, { summary: `${summary}again${save}` });
      await server.app.store.flush();
    }
    const recovered = (await api<EnvelopeBody>('GET', '/api/admin/storage', { token })).body.data as StorageHealthStatus;
    expect(recovered.state).toBe('ok');
    expect(recovered.last_failure?.operation).toBe('compaction');
  });

  it('reports a save refused on a full disk', async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    const token = await server.login();
    failRenamesOnto(/skills\.json$/);
    const refused = await api('POST', '/api/admin/skills', { token, json: { name: 'Go', level: 80 } });
    vi.restoreAllMocks();
    expect(refused.status).toBe(500);
    const status = (await api<EnvelopeBody>('GET', '/api/admin/storage', { token })).body.data as StorageHealthStatus;
    expect(status.state).toBe('failing');
    expect(status.last_failure).toMatchObject({
      operation: 'commit',
      code: 'ENOSPC',
      message: '保存失败：磁盘已满，这次更改没有保存。请腾出磁盘空间后重试。',
    });

    const saved = await api('POST', '/api/admin/skills', { token, json: { name: 'Go', level: 80 } });
    expect(saved.status).toBe(201);
    expect(((await api<EnvelopeBody>('GET', '/api/admin/storage', { token })).body.data as StorageHealthStatus).state).toBe('ok');
  });
});
