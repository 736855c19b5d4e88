import { promises as fsPromises } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';

let server: TestServer | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

type Fault = 'short-then-ok' | 'short-then-full';

/**
 * Makes the file system misbehave as a full disk or a file size limit does, for files whose name
 * matches `target`: the first write takes only half the bytes asked for and reports that short
 * count without an error; with 'short-then-full', every later write of that file fails as a
 * size limit fails it (EFBIG). The disk keeps the half that was written.
 */
function injectShortWrites(target: RegExp, fault: Fault): { shortWrites: () => number } {
  const realOpen = fsPromises.open.bind(fsPromises);
  let shortWrites = 0;
  vi.spyOn(fsPromises, 'open').mockImplementation(async (file, ...rest) => {
    const handle = await realOpen(file, ...rest);
    if (!target.test(path.basename(String(file)))) return handle;
    const realWrite = handle.write.bind(handle) as (...args: unknown[]) => Promise<{ bytesWritten: number }>;
    let writes = 0;
    const write = async (data: unknown, ...args: unknown[]) => {
      writes += 1;
      if (writes > 1 && fault === 'short-then-full') {
        throw Object.assign(new Error('EFBIG: file too large, write'), { code: 'EFBIG' });
      }
      if (writes > 1) return realWrite(data, ...args);
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : (data as Uint8Array);
      // write(buffer, offset, length, position) or write(string, position, encoding).
      const [offset, length, position] =
        typeof data === 'string'
          ? [0, bytes.byteLength, args[0]]
          : [Number(args[0] ?? 0), Number(args[1] ?? bytes.byteLength), args[2]];
      shortWrites += 1;
      return realWrite(bytes, offset, Math.max(1, Math.floor(length / 2)), position ?? null);
    };
    Object.assign(handle, { write });
    return handle as FileHandle;
  });
  return { shortWrites: () => shortWrites };
}

const articleLog = async (dataDir: string): Promise<string> => {
  const name = (await readdir(dataDir)).find((file) => /^articles\.\d+\.log$/.test(file));
  return name ? readFile(path.join(dataDir, name), 'utf8') : '';
};

describe('a write that reaches the disk only in part', () => {
  it('writes the rest when the disk takes it, so the save is whole after a restart', async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    const token = await server.login();
    const fault = injectShortWrites(/^articles\.\d+\.log$/, 'short-then-ok');
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '写了一半的文章', content: `# 正文\n\n${'长'.repeat(3000)}` },
    });
    vi.restoreAllMocks();
    expect(created.status).toBe(201);
    expect(fault.shortWrites()).toBe(1);

    const { dataDir } = server;
    await server.stop();
    server = await startTestServer({ dataDir });
    const token2 = await server.login();
    const read = await apiClient(server.url)<EnvelopeBody>('GET', `/api/admin/articles/${String(created.body.id)}`, {
      token: token2,
    });
    expect(read.body.title).toBe('写了一半的文章');
    expect((await articleLog(dataDir)).endsWith('\n')).toBe(true);
  });

  it('refuses the save when the disk is full after a short write: nothing is shown, written later or replayed', async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    const token = await server.login();
    const before = await articleLog(server.dataDir);
    const fault = injectShortWrites(/^articles\.\d+\.log$/, 'short-then-full');
    const refused = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '磁盘满时的文章', content: `# 正文\n\n${'长'.repeat(3000)}` },
    });
    expect(fault.shortWrites()).toBe(1);
    expect(refused.status).toBeGreaterThanOrEqual(500);
    vi.restoreAllMocks();

    // Not served after the refusal...
    const list = await api<EnvelopeBody>('GET', '/api/admin/articles?per_page=100', { token });
    expect(JSON.stringify(list.body)).not.toContain('磁盘满时的文章');
    // ...nor written by the next commit, which succeeds once the disk has room again.
    const next = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '之后的文章', content: '# 正文' },
    });
    expect(next.status).toBe(201);
    const log = await articleLog(server.dataDir);
    expect(log.startsWith(before)).toBe(true);
    expect(log).not.toContain('磁盘满时的文章');

    const { dataDir } = server;
    await server.stop();
    server = await startTestServer({ dataDir });
    const token2 = await server.login();
    const titles = JSON.stringify(
      (await apiClient(server.url)<EnvelopeBody>('GET', '/api/admin/articles?per_page=100', { token: token2 })).body,
    );
    expect(titles).toContain('之后的文章');
    expect(titles).not.toContain('磁盘满时的文章');
  });
});
