import { promises as fsPromises } from 'node:fs';
import { expect, test } from '../fixtures.js';
import { openSignedIn } from './admin-helpers.js';

test.describe('storage warning', () => {
  test('shows above every tab once a save was refused on a full disk, and goes when saves work again', async ({
    page,
    server,
    api,
  }) => {
    const token = await server.login();
    // The server runs in this process: its renames onto skills.json fail as on a full disk.
    const realRename = fsPromises.rename;
    fsPromises.rename = async (from, to) => {
      if (String(to).endsWith('skills.json'))
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return realRename(from, to);
    };
    try {
      expect((await api('POST', '/api/admin/skills', { token, json: { name: 'Go', level: 80 } })).status).toBe(500);
    } finally {
      fsPromises.rename = realRename;
    }

    await openSignedIn(page, server, '/admin/skills');
    const warning = page.getByTestId('storage-health');
    await expect(warning).toContainText('数据目录写入失败');
    await expect(warning).toContainText('保存失败：磁盘已满，这次更改没有保存。请腾出磁盘空间后重试。');
    await page.getByRole('tab', { name: '内容管理' }).click();
    await expect(warning).toBeVisible();

    expect((await api('POST', '/api/admin/skills', { token, json: { name: 'Go', level: 80 } })).status).toBe(201);
    await page.reload();
    await expect(page.getByRole('heading', { name: '管理后台', exact: true })).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
});
