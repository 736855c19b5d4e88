import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupRun } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { FolioServer } from './desktop-fixtures';
import { SCREEN_SIZES, screensDir, shootEverySize } from './harness/screenshots';

const SCREENS = screensDir('desktop');
const PASSPHRASE = '家里的 备份 口令';

/** A folder target on the server's disk (and, with `passphrase`, encrypted), then one run now; answers it once finished. */
async function backUp(folio: FolioServer, folder: string, passphrase?: string): Promise<BackupRun> {
  const api = apiClient(folio.url);
  const token = await folio.token();
  const saved = await api('PUT', '/api/admin/settings/backups', {
    token,
    json: {
      schedule: { frequency: 'daily', time: '03:30' },
      keep: 7,
      targets: [{ id: 'disk', kind: 'folder', path: folder }],
      ...(passphrase ? { passphrase } : {}),
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const started = await api<EnvelopeBody>('POST', '/api/admin/backups/run', { token });
  expect(started.status).toBe(202);
  const id = (started.body.data as BackupRun).id;
  let finished: BackupRun | undefined;
  await expect
    .poll(async () => {
      const runs = (await api<EnvelopeBody>('GET', '/api/admin/backups', { token })).body.data as BackupRun[];
      finished = runs.find((run) => run.id === id && run.status !== 'running');
      return finished?.status;
    })
    .toBe('succeeded');
  return finished!;
}

test.describe('the copy at home', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the 备份 screen brings the newest backup home, says when and how big, opens the folder; screenshots', async ({
    desktop,
    folio,
    main,
  }) => {
    const serverFolder = await mkdtemp(path.join(tmpdir(), 'folio-desktop-backups-'));
    try {
      const run = await backUp(folio, serverFolder);
      await desktop.setViewportSize(SCREEN_SIZES[0]);
      await signIn(desktop, folio.url, ADMIN_PASSWORD);
      await expect(desktop.getByRole('heading', { name: '管理后台' })).toBeVisible();
      await desktop.getByRole('tab', { name: '备份' }).click();
      const home = desktop.getByTestId('home-backups');
      const folder = path.join(main.documentsDir, 'Folio 备份');
      await expect(home).toContainText(`文件夹：${folder}`);
      // Signing in already brought it home; 现在下载 asks again and finds it there.
      await home.getByRole('button', { name: '现在下载' }).click();
      await expect(desktop.getByTestId('home-backups-last')).toContainText(/^最近一次：.+，\d+ KB · 保留最近 7 份$/);
      expect(await readdir(folder)).toEqual([run.name]);

      await home.getByRole('button', { name: '打开文件夹' }).click();
      await expect.poll(() => main.openedFolders).toEqual([folder]);

      await expect(desktop.getByTestId('backup-run')).toHaveCount(1);
      await shootEverySize(desktop, SCREENS, 'admin-backups');
    } finally {
      await rm(serverFolder, { recursive: true, force: true });
    }
  });

  test('从本地备份恢复到服务器: an encrypted file from this computer, its passphrase asked, a wrong one refused', async ({
    desktop,
    folio,
    main,
  }) => {
    const serverFolder = await mkdtemp(path.join(tmpdir(), 'folio-desktop-backups-'));
    try {
      const api = apiClient(folio.url);
      const token = await folio.token();
      const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
        token,
        json: { title: '带回家的文章', content: '正文' },
      });
      expect(created.status).toBe(201);
      const run = await backUp(folio, serverFolder, PASSPHRASE);
      expect((await api('DELETE', `/api/admin/articles/${String(created.body.id)}`, { token })).status).toBeLessThan(300);

      await desktop.setViewportSize(SCREEN_SIZES[0]);
      await signIn(desktop, folio.url, ADMIN_PASSWORD);
      await expect(desktop.getByRole('heading', { name: '管理后台' })).toBeVisible();
      await desktop.getByRole('tab', { name: '连接' }).click();
      const card = desktop.getByTestId('local-restore');
      main.answerDialogs([path.join(serverFolder, run.name!)]);
      await card.getByRole('button', { name: '选择备份文件' }).click();
      const dialog = desktop.getByRole('alertdialog');
      await expect(dialog).toContainText(`备份文件：${run.name}`);
      await dialog.getByLabel('备份口令').fill('不是这个口令');
      await dialog.getByRole('button', { name: '确认恢复' }).click();
      await expect(dialog.getByTestId('local-restore-error')).toContainText(/口令/);
      await shootEverySize(desktop, SCREENS, 'connection-local-restore', async () => {
        await expect(dialog).toBeVisible();
      });

      await dialog.getByLabel('备份口令').fill(PASSPHRASE);
      await dialog.getByRole('button', { name: '确认恢复' }).click();
      await expect(dialog).toHaveCount(0);
      const titles = ((await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body.data as { title: string }[]).map(
        (article) => article.title,
      );
      expect(titles).toContain('带回家的文章');
    } finally {
      await rm(serverFolder, { recursive: true, force: true });
    }
  });
});
