import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupRun } from '@folio/shared';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { FolderTarget } from '../../src/services/backups/folder-target.js';
import {
  articleWithImages,
  besideData,
  folderSettings,
  putSettings,
  sha256,
  startBackupServer,
  uploadImage,
  waitForRun,
} from './backup-fixtures.js';
import type { BackupServer } from './backup-fixtures.js';

interface ArchivedSite {
  articles: { id: number; title: string; content: string; cover: string }[];
  comments: { id: number; article_id: number }[];
  files: Record<string, { sha256: string }>;
}

const servers: BackupServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.server.close();
});

/** A gate a test opens by hand. */
function gate(): { wait: Promise<void>; open: () => void; opened: () => boolean } {
  let open = () => {};
  let isOpen = false;
  const wait = new Promise<void>((resolve) => {
    open = () => {
      isOpen = true;
      resolve();
    };
  });
  return { wait, open, opened: () => isOpen };
}

async function startRun(backup: BackupServer): Promise<BackupRun> {
  const response = await backup.api<EnvelopeBody>('POST', '/api/admin/backups/run', { token: backup.token });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.data as BackupRun;
}

const finished = (backup: BackupServer, id: string) => waitForRun(backup, (run) => run.id === id && run.status !== 'running');

async function readArchived(folder: string, name: string): Promise<ArchivedSite> {
  return (JSON.parse(gunzipSync(await readFile(path.join(folder, name))).toString('utf8')) as { data: ArchivedSite }).data;
}

const shownFiles = (article: ArchivedSite['articles'][number]) =>
  [article.cover, ...(article.content.match(/\/uploads\/[A-Za-z0-9._-]+/g) ?? [])]
    .filter((url) => url.startsWith('/'))
    .map((url) => url.split('/').pop() as string);

describe('a backup is one moment', () => {
  it('keeps the images of its moment though they are deleted before the archive reads them', async () => {
    const paused = gate();
    const backup = await startBackupServer({ backups: { beforeArchive: () => paused.wait } });
    servers.push(backup);
    await putSettings(backup, folderSettings('backups'));
    const article = await articleWithImages(backup, '快照里的文章');
    const uploads = path.join(backup.server.dataDir, 'uploads');
    const before = Object.fromEntries(
      await Promise.all(article.files.map(async (file) => [file, await sha256(path.join(uploads, file))])),
    );

    const run = await startRun(backup);
    // After the snapshot: the article goes to the bin and is purged, and its files are gone.
    expect((await backup.api('DELETE', `/api/admin/articles/${article.id}`, { token: backup.token })).status).toBe(200);
    expect((await backup.api('DELETE', `/api/admin/recycle-bin/${article.id}`, { token: backup.token })).status).toBe(200);
    for (const file of article.files) await rm(path.join(uploads, file));
    paused.open();

    const done = await finished(backup, run.id);
    expect(done.status).toBe('succeeded');
    const archived = await readArchived(besideData(backup.server.dataDir, 'backups'), done.name as string);
    expect(archived.articles.map((item) => item.title)).toContain('快照里的文章');
    for (const file of article.files) expect(archived.files[file]?.sha256).toBe(before[file]);
  });

  it('never holds up a write while a target is slow', async () => {
    const uploadHeld = gate();
    const uploadEntered = gate();
    const backup = await startBackupServer({
      backups: {
        createTarget: (settings, context) => {
          const folder = new FolderTarget(settings.id, settings.kind === 'folder' ? settings.path : 'backups', context.dataDir);
          return {
            id: folder.id,
            upload: async (name, localPath, size) => {
              uploadEntered.open();
              await uploadHeld.wait;
              await folder.upload(name, localPath, size);
            },
            download: (name) => folder.download(name),
            list: () => folder.list(),
            remove: (name) => folder.remove(name),
          };
        },
      },
    });
    servers.push(backup);
    await putSettings(backup, folderSettings('backups'));
    const run = await startRun(backup);
    await uploadEntered.wait;

    const article = await articleWithImages(backup, '上传期间写的文章');
    const saved = await backup.api<EnvelopeBody>('PUT', `/api/admin/articles/${article.id}`, {
      token: backup.token,
      json: { title: '上传期间改过', content: '新的正文' },
    });
    expect(saved.status).toBe(200);
    await uploadImage(backup);
    // Every write above finished while the upload was still held.
    expect(uploadHeld.opened()).toBe(false);

    uploadHeld.open();
    expect((await finished(backup, run.id)).status).toBe('succeeded');
  });

  it('taken under write load, restores to a consistent site: every article with its comments and images', async () => {
    // Many readers comment at once: the per-address limit is not what this test is about.
    const source = await startBackupServer({ config: { commentRateLimits: { perMinute: 10_000, perHour: 10_000 } } });
    servers.push(source);
    const folder = besideData(source.server.dataDir, 'backups');
    await putSettings(source, folderSettings(folder));

    let writing = true;
    const load = (async () => {
      let index = 0;
      while (writing || index < 6) {
        const { id } = await articleWithImages(source, `负载文章 ${index}`);
        await source.api('POST', `/api/articles/${id}/comments`, { json: { author: '第二位', content: `又一条 ${index}` } });
        index += 1;
      }
      return index;
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const runs: BackupRun[] = [];
    for (let round = 0; round < 3; round += 1) runs.push(await finished(source, (await startRun(source)).id));
    writing = false;
    await load;
    const last = runs.at(-1) as BackupRun;
    expect(last.status).toBe('succeeded');

    const archived = await readArchived(folder, last.name as string);
    const articleIds = new Set(archived.articles.map((article) => article.id));
    expect(archived.articles.filter((article) => article.title.startsWith('负载文章')).length).toBeGreaterThan(0);
    for (const comment of archived.comments) expect(articleIds.has(comment.article_id)).toBe(true);
    for (const article of archived.articles)
      for (const file of shownFiles(article)) expect(archived.files[file], file).toBeDefined();

    const target = await startBackupServer();
    servers.push(target);
    await putSettings(target, folderSettings(folder));
    const restored = await target.api<EnvelopeBody>('POST', '/api/admin/backups/restore', {
      token: target.token,
      json: { target: 'disk', name: last.name },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const uploads = path.join(target.server.dataDir, 'uploads');
    for (const article of archived.articles) {
      const comments = await target.api<EnvelopeBody>('GET', `/api/articles/${article.id}/comments`);
      const expected = archived.comments.filter((comment) => comment.article_id === article.id).length;
      expect(JSON.stringify(comments.body).match(/"article_id"/g)?.length ?? 0, article.title).toBe(expected);
      for (const file of shownFiles(article)) expect(await sha256(path.join(uploads, file))).toBe(archived.files[file]?.sha256);
    }
  }, 60_000);
});
