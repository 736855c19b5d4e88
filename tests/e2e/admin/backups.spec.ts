import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { openSignedIn, toast } from './admin-helpers.js';
import { buildRun, fakeBackupApi } from './backups-fake-api.js';

const SCREENS_DIR = process.env.FOLIO_SCREENS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

const failedRun = buildRun({
  id: 'run-failed',
  trigger: 'retry',
  status: 'failed',
  started_at: '2026-11-29T03:31:00.000Z',
  finished_at: '2026-11-29T03:31:09.000Z',
  targets: [
    { target: 'home', status: 'succeeded', error: null, verified: true },
    { target: 'nas', status: 'failed', error: 'WebDAV 服务器拒绝了用户名或密码（401）', verified: false },
  ],
});

/** Waits for the fonts and for Fluent's transitions, so a screenshot shows the screen at rest. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

test.describe('备份 screen', () => {
  test('a folder target is configured and saved, a run started now is seen succeeding in the table', async ({ page, server }) => {
    const fake = await fakeBackupApi(page);
    await openSignedIn(page, server, '/admin/backups');
    await expect(page.getByText('服务器时区：Asia/Shanghai')).toBeVisible();
    await expect(page.getByText('还没有备份记录。')).toBeVisible();

    await page.getByLabel('频率').selectOption({ label: '每周' });
    await page.getByLabel('星期').selectOption({ label: '星期日' });
    await page.getByLabel('时间').fill('04:15');
    await page.getByRole('button', { name: '添加目标' }).click();
    await page.getByRole('menuitem', { name: '文件夹' }).click();
    const target = page.getByRole('region', { name: '文件夹（folder-1）' });
    await target.getByLabel('路径').fill('');
    await page.getByRole('button', { name: '保存设置' }).click();
    // The server's own Chinese reason, field by field; nothing saved.
    await expect(page.getByTestId('backup-save-error')).toContainText('请填写文件夹路径');

    await target.getByLabel('路径').fill('/srv/folio-backups');
    await page.getByLabel('口令', { exact: true }).fill('correct horse');
    await expect(page.getByText('忘记口令就无法恢复备份')).toBeVisible();
    await page.getByRole('button', { name: '保存设置' }).click();
    await expect(toast(page, '备份设置已保存')).toBeVisible();
    expect(fake.updates.at(-1)).toEqual({
      schedule: { frequency: 'weekly', time: '04:15', weekday: 0 },
      keep: 7,
      targets: [{ id: 'folder-1', kind: 'folder', path: '/srv/folio-backups' }],
      passphrase: 'correct horse',
    });
    await expect(page.getByTestId('backup-next-run')).toContainText('下一次备份：');
    // The passphrase is write-only: the field says it is set, and a save that leaves it blank keeps it.
    await expect(page.getByLabel('口令', { exact: true })).toHaveAttribute('placeholder', '已设置（留空保持不变）');
    await expect(page.getByRole('button', { name: '保存设置' })).toBeDisabled();

    await page.getByRole('button', { name: '立即备份' }).click();
    const row = page.getByTestId('backup-run').first();
    await expect(row).toHaveAttribute('data-status', 'running');
    fake.runs[0] = {
      ...fake.runs[0]!,
      status: 'succeeded',
      finished_at: '2026-11-29T09:00:03.000Z',
      targets: [{ target: 'folder-1', status: 'succeeded', error: null, verified: true }],
    };
    await expect(row).toHaveAttribute('data-status', 'succeeded');
    await expect(row).toContainText('手动');
    await expect(row).toContainText('3.3 MB');
    await expect(row).toContainText('已校验');
  });

  test('a secret already set shows 已设置 and is cleared only through 清除', async ({ page, server }) => {
    const fake = await fakeBackupApi(page, {
      settings: {
        schedule: { frequency: 'daily', time: '03:30' },
        keep: 5,
        targets: [{ id: 'nas', kind: 'webdav', url: 'https://dav.example/folio', username: 'me', password: { set: true } }],
        passphrase: { set: true },
        time_zone: 'UTC',
        next_run_at: '2026-11-30T03:30:00.000Z',
      },
    });
    await openSignedIn(page, server, '/admin/backups');
    const nas = page.getByRole('region', { name: 'WebDAV（nas）' });
    await expect(nas.getByLabel('密码', { exact: true })).toHaveAttribute('placeholder', '已设置（留空保持不变）');
    await page.getByLabel('每个目标保留份数').fill('3');
    await page.getByRole('button', { name: '清除 口令' }).click();
    await expect(page.getByText('保存后清除')).toBeVisible();
    await page.getByRole('button', { name: '保存设置' }).click();
    await expect(toast(page, '备份设置已保存')).toBeVisible();
    const sent = fake.updates.at(-1);
    expect(sent?.passphrase).toBeNull();
    expect(sent?.keep).toBe(3);
    expect(sent?.targets[0]).toEqual({ id: 'nas', kind: 'webdav', url: 'https://dav.example/folio', username: 'me' });
  });

  test('a restore with a wrong passphrase shows the server’s reason and asks again', async ({ page, server }) => {
    const name = 'folio-site-20261129T033000.000Z.json.gz.age';
    const fake = await fakeBackupApi(page, {
      settings: {
        schedule: { frequency: 'daily', time: '03:30' },
        keep: 7,
        targets: [{ id: 'home', kind: 'folder', path: 'backups' }],
        passphrase: { set: true },
        time_zone: 'UTC',
        next_run_at: '2026-11-30T03:30:00.000Z',
      },
      remote: { home: [{ name, size: 3_456_789, modified_at: '2026-11-29T03:30:04.000Z' }] },
    });
    await openSignedIn(page, server, '/admin/backups');
    await page.getByRole('region', { name: '文件夹（home）' }).getByRole('button', { name: '查看远端备份' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `恢复 ${name}` }).click();
    await expect(dialog).toContainText('恢复前会先对当前站点做一次保护备份');
    await dialog.getByRole('button', { name: '确认恢复' }).click();
    await expect(dialog.getByTestId('restore-error')).toHaveText('这个备份已加密，请输入口令');
    expect(fake.restores).toHaveLength(0);
    await dialog.getByLabel('备份口令').fill('wrong');
    await dialog.getByRole('button', { name: '确认恢复' }).click();
    await expect(dialog.getByTestId('restore-error')).toHaveText('口令不对，无法解密这个备份；站点没有改变。');
    expect(fake.restores).toEqual([{ target: 'home', name, passphrase: 'wrong' }]);
    await dialog.getByLabel('备份口令').fill('correct horse');
    await dialog.getByRole('button', { name: '确认恢复' }).click();
    await expect(toast(page, '站点已从备份恢复')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test('a failed last run puts a banner above every tab once its retry is over, leading to 备份; gone once a run succeeds', async ({
    page,
    server,
  }) => {
    const fake = await fakeBackupApi(page, { runs: [failedRun, buildRun()], retryAt: '2026-11-29T03:32:09.000Z' });
    const statusAnswered = page.waitForResponse((response) => response.url().endsWith('/api/admin/backups/status'));
    await openSignedIn(page, server, '/admin/skills');
    await statusAnswered;
    const banner = page.getByTestId('backup-failure');
    // The retry may yet succeed: nothing to tell the owner of so far.
    await expect(page.getByRole('tab', { name: '备份' })).toBeVisible();
    await expect(banner).toHaveCount(0);

    fake.retryAt = null;
    await page.reload();
    await expect(banner).toContainText('最近一次备份失败');
    await expect(banner).toContainText('nas：WebDAV 服务器拒绝了用户名或密码（401）');
    await page.getByRole('tab', { name: '内容管理' }).click();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: '查看备份' }).click();
    await expect(page).toHaveURL(/\/admin\/backups$/);
    const row = page.getByTestId('backup-run').first();
    await expect(row).toContainText('WebDAV 服务器拒绝了用户名或密码（401）');

    fake.runs = [buildRun({ id: 'run-ok', started_at: '2026-11-29T08:00:00.000Z' }), ...fake.runs];
    await page.reload();
    await expect(page.getByTestId('backups-page')).toBeVisible();
    await expect(page.getByTestId('backup-run')).toHaveCount(3);
    await expect(banner).toHaveCount(0);
  });

  test('screenshots at 1280 and 375 px, light and dark', async ({ page, server }) => {
    test.setTimeout(120_000);
    await mkdir(SCREENS_DIR, { recursive: true });
    await fakeBackupApi(page, {
      settings: {
        schedule: { frequency: 'weekly', time: '03:30', weekday: 0 },
        keep: 7,
        targets: [
          { id: 'home', kind: 'folder', path: 'backups' },
          {
            id: 'nas',
            kind: 'webdav',
            url: 'https://dav.jianguoyun.com/dav/folio',
            username: 'owner@example.com',
            password: { set: true },
          },
          {
            id: 'r2',
            kind: 's3',
            endpoint: 'https://account.r2.cloudflarestorage.com',
            region: 'auto',
            bucket: 'folio',
            prefix: 'blog/',
            access_key_id: 'AKIAEXAMPLE',
            secret_access_key: { set: true },
            force_path_style: true,
          },
        ],
        passphrase: { set: true },
        time_zone: 'Asia/Shanghai',
        next_run_at: '2026-12-05T19:30:00.000Z',
      },
      runs: [failedRun, buildRun()],
    });
    await openSignedIn(page, server, '/admin/backups');
    await expect(page.getByTestId('backup-run')).toHaveCount(2);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(size);
        await settled(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `备份 at ${size.width} px ${scheme} is wider than the window`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SCREENS_DIR, `admin-backups-${size.width}-${scheme}.png`), fullPage: true });
      }
    }
  });
});

test.describe('备份 through the real server', () => {
  // A failed run is tried again at once here, instead of a minute later.
  test.use({ serverOptions: { seed: true, backups: { retryDelayMs: 20 } } });

  test('a folder target in a temp dir is saved and backed up now; an encrypted backup refuses a wrong passphrase', async ({
    page,
    server,
  }) => {
    const folder = await mkdtemp(path.join(tmpdir(), 'folio-e2e-backups-'));
    try {
      await openSignedIn(page, server, '/admin/backups');
      await expect(page.getByText(/^服务器时区：/)).toBeVisible();
      await page.getByRole('button', { name: '添加目标' }).click();
      await page.getByRole('menuitem', { name: '文件夹' }).click();
      await page.getByRole('region', { name: '文件夹（folder-1）' }).getByLabel('路径').fill(folder);
      await page.getByLabel('口令', { exact: true }).fill('short');
      await page.getByRole('button', { name: '保存设置' }).click();
      // The server's own reason, and nothing saved.
      await expect(page.getByTestId('backup-save-error')).toContainText('口令');
      await page.getByLabel('口令', { exact: true }).fill('correct horse battery');
      await page.getByRole('button', { name: '保存设置' }).click();
      await expect(toast(page, '备份设置已保存')).toBeVisible();
      await expect(page.getByLabel('口令', { exact: true })).toHaveAttribute('placeholder', '已设置（留空保持不变）');

      await page.getByRole('button', { name: '立即备份' }).click();
      const row = page.getByTestId('backup-run').first();
      await expect(row).toHaveAttribute('data-status', 'succeeded');
      await expect(row).toContainText('手动');
      await expect(row).toContainText('folder-1');
      await expect(row).toContainText('已校验');
      const [name] = (await readdir(folder)).filter((file) => file.endsWith('.age'));
      expect(name).toMatch(/^folio-.+\.json\.gz\.age$/);

      await page.getByRole('region', { name: '文件夹（folder-1）' }).getByRole('button', { name: '查看远端备份' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: `恢复 ${name}` }).click();
      await dialog.getByLabel('备份口令').fill('not the passphrase');
      const restore = page.waitForResponse((response) => response.url().endsWith('/api/admin/backups/restore'));
      await dialog.getByRole('button', { name: '确认恢复' }).click();
      const answer = await restore;
      expect(answer.status()).toBe(400);
      const { msg } = (await answer.json()) as { msg: string };
      await expect(dialog.getByTestId('restore-error')).toHaveText(msg);
      expect(msg).toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('a target that fails puts the banner up once the retry failed too', async ({ page, server, api }) => {
    const parent = await mkdtemp(path.join(tmpdir(), 'folio-e2e-backups-'));
    try {
      // The target's folder is a file: every write to it fails.
      const notAFolder = path.join(parent, 'not-a-folder');
      await writeFile(notAFolder, 'x');
      const token = await server.login();
      const saved = await api('PUT', '/api/admin/settings/backups', {
        token,
        json: {
          schedule: { frequency: 'off', time: '03:30' },
          keep: 7,
          targets: [{ id: 'disk', kind: 'folder', path: notAFolder }],
        },
      });
      expect(saved.status).toBe(200);
      expect((await api('POST', '/api/admin/backups/run', { token })).status).toBe(202);
      await expect
        .poll(async () => {
          const status = await api<{ data: { failure: { trigger: string } | null; retry_at: string | null } }>(
            'GET',
            '/api/admin/backups/status',
            { token },
          );
          return status.body.data.failure?.trigger === 'retry' && status.body.data.retry_at === null;
        })
        .toBe(true);

      await openSignedIn(page, server, '/admin/content');
      const banner = page.getByTestId('backup-failure');
      await expect(banner).toContainText('最近一次备份失败');
      await expect(banner).toContainText('disk：');
      await banner.getByRole('button', { name: '查看备份' }).click();
      await expect(page.getByTestId('backup-run').first()).toHaveAttribute('data-status', 'failed');
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
