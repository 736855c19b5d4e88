import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import { Store } from '../../src/store/store.js';
import { createArticle } from '../routes/articles.fixtures.js';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('article history files', () => {
  it('are not read when the store opens: only when a history is asked for', async () => {
    const started = await startSignedIn();
    server = started.server;
    const { api, token } = started;
    const ids = [await createArticle(api, token), await createArticle(api, token)];
    for (const id of ids) {
      for (const content of ['第二版', '第三版']) {
        expect((await api('PUT', `/api/admin/articles/${id}`, { token, json: { content } })).status).toBe(200);
      }
    }
    await server.stop();
    // A folder where each history file was: reading any of them fails, listing them does not.
    const revisionsDir = path.join(server.dataDir, 'revisions');
    for (const folder of await readdir(revisionsDir)) {
      for (const name of await readdir(path.join(revisionsDir, folder))) {
        await rm(path.join(revisionsDir, folder, name));
        await mkdir(path.join(revisionsDir, folder, name));
      }
    }
    const store = await Store.open(server.dataDir);
    expect(await readdir(path.join(revisionsDir, String(ids[0])))).toEqual(
      expect.arrayContaining(['1.md', '2.md', 'index.json']),
    );
    await expect(store.revisions.readIndex(ids[0] ?? 0)).rejects.toThrow(/EISDIR/);
  });
});
