import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminArticleDetail, ArticleRevision, ArticleRevisionListItem } from '@folio/shared';
import { apiClient, login } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';

let dataDir: string;
let server: ServerProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-history-crash-'));
});
afterEach(async () => {
  await stopServer(server);
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const WRITERS = ['a', 'b', 'c', 'd'];
const bodyOf = (writer: string, step: number) => `${writer} 第 ${step} 步`;

/**
 * One writer: rewrites the body of its article step by step, one save at a time, until the
 * server dies under it; resolves with the last step the server acknowledged. Several writers at
 * once make the server commit several articles' changes, with their versions, together.
 */
async function runWriter(url: string, token: string, writer: string, id: number, onAnswer: () => void): Promise<number> {
  const api = apiClient(url);
  let acked = 0;
  for (let step = 1; step < 45; step += 1) {
    try {
      const response = await api('PUT', `/api/admin/articles/${id}`, {
        token,
        json: { content: bodyOf(writer, step) },
        headers: { 'X-Folio-Source': step % 2 === 0 ? 'browser' : 'desktop' },
      });
      if (response.status === 200) acked = step;
    } catch {
      // The connection broke: the server is gone, and an unanswered save promises nothing.
      break;
    }
    onAnswer();
  }
  return acked;
}

describe('article history across a SIGKILL', () => {
  it.each([6, 40, 110])(
    'keeps every version an acknowledged save replaced, and never a save without the version before it (killed after %i answers)',
    { timeout: 60_000 },
    async (killAfter) => {
      server = await spawnServer({ dataDir });
      const current = server;
      const token = await login(current.url, { password: PROCESS_ADMIN_PASSWORD });
      let answered = 0;
      const onAnswer = () => {
        answered += 1;
        if (answered === killAfter) current.child.kill('SIGKILL');
      };
      const ids: number[] = [];
      for (const writer of WRITERS) {
        const created = await apiClient(current.url)<EnvelopeBody>('POST', '/api/admin/articles', {
          token,
          json: { title: writer, content: bodyOf(writer, 0) },
        });
        ids.push(created.body.id as number);
      }
      const acknowledged = await Promise.all(
        WRITERS.map((writer, index) => runWriter(current.url, token, writer, ids[index] ?? 0, onAnswer)),
      );
      await stopServer(current);

      server = await spawnServer({ dataDir });
      const api = apiClient(server.url);
      const adminToken = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
      for (const [index, writer] of WRITERS.entries()) {
        const [id, acked] = [ids[index] ?? 0, acknowledged[index] ?? 0];
        const article = (
          await api<EnvelopeBody & { data: AdminArticleDetail }>('GET', `/api/admin/articles/${id}`, { token: adminToken })
        ).body.data;
        // A save sent but never answered may have landed; an acknowledged one always did.
        const step = Number(/第 (\d+) 步$/.exec(article.content)?.[1]);
        expect(step, writer).toBeGreaterThanOrEqual(acked);
        expect(article.revision).toBe(step + 1);
        // Every version the saves replaced is kept, newest first, each with the revision it was current at.
        const list = await api<EnvelopeBody & { data: ArticleRevisionListItem[] }>('GET', `/api/admin/articles/${id}/revisions`, {
          token: adminToken,
        });
        expect(list.body.data.map((version) => version.revision)).toEqual(Array.from({ length: step }, (_, back) => step - back));
        for (const version of list.body.data) {
          const kept = await api<EnvelopeBody & { data: ArticleRevision }>(
            'GET',
            `/api/admin/articles/${id}/revisions/${version.revision}`,
            {
              token: adminToken,
            },
          );
          expect(kept.body.data.content, `${writer} revision ${version.revision}`).toBe(bodyOf(writer, version.revision - 1));
          expect(kept.body.data.source).toBe(version.revision === 1 ? 'api' : version.revision % 2 === 1 ? 'browser' : 'desktop');
        }
        // No temp file once the start has swept (a torn index would have failed the list above).
        const names = step > 0 ? await readdir(path.join(dataDir, 'revisions', String(id))) : [];
        expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
      }
      await stopServer(server, 'SIGTERM');
    },
  );
});
