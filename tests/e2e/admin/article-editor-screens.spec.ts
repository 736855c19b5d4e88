import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.js';
import { openSignedIn } from './admin-helpers.js';

test.use({ serverOptions: { seed: true } });

const SCREENS_DIR = process.env.FOLIO_SCREENS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

test('editor and article table screenshots at 1280 and 375 px, light and dark; nothing moves once painted', async ({
  page,
  server,
  api,
}) => {
  test.setTimeout(120_000);
  const token = await openSignedIn(page, server, '/admin/articles');
  // Leaving an editor with unsaved edits asks first (beforeunload): here the answer is yes.
  page.on('dialog', (dialog) => void dialog.accept());
  const post = (json: object) => api('POST', '/api/admin/articles', { token, json });
  await post({ title: '写了一半的草稿', content: '草稿正文。', status: 'draft', category: '随笔' });
  const tomorrow = new Date(Date.now() + 26 * 60 * 60 * 1000);
  tomorrow.setUTCMinutes(30, 0, 0);
  const scheduled = await post({
    title: '明天早上发布的文章，标题比较长，用来看看窄屏上的省略号',
    content: '# 定时发布\n\n这篇文章会在明天发布。',
    status: 'scheduled',
    publish_at: tomorrow.toISOString(),
    tags: '定时,测试',
  });
  const scheduledId = scheduled.body.id as number;
  await api('PUT', `/api/admin/articles/${scheduledId}/autosave`, {
    token,
    json: {
      title: '明天早上发布的文章（改）',
      category: '',
      tags: '定时,测试',
      summary: '',
      cover: '',
      content: '# 定时发布\n\n还在改。',
      base_revision: 1,
    },
  });

  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/admin/articles');
      await expect(page.getByTestId('article-row')).toHaveCount(5);
      await expect(
        page.getByTestId('article-row').filter({ hasText: '写了一半的草稿' }).getByTestId('article-status'),
      ).toHaveText('草稿');
      await page.screenshot({
        path: path.join(SCREENS_DIR, `admin-articles-${size.width}-${scheme}.png`),
        animations: 'disabled',
      });

      await page.goto(`/admin/articles/${scheduledId}/edit`);
      const offer = page.getByRole('alertdialog', { name: '有未保存的内容' });
      await expect(offer).toBeVisible();
      await page.screenshot({
        path: path.join(SCREENS_DIR, `admin-editor-recover-${size.width}-${scheme}.png`),
        animations: 'disabled',
      });
      // Closed without choosing: the next visit asks again.
      await page.goto(`/admin/articles/${scheduledId}/edit`);
      await offer.getByRole('button', { name: '恢复未保存的内容' }).click();
      await expect(page.getByTestId('article-status')).toHaveText(/^定时 /);
      const title = page.getByRole('textbox', { name: '标题' });
      const before = await title.boundingBox();
      await expect(page.getByTestId('save-state')).toHaveText(/^已保存到服务器/, { timeout: 8000 });
      expect(await title.boundingBox()).toEqual(before);
      await page.screenshot({ path: path.join(SCREENS_DIR, `admin-editor-${size.width}-${scheme}.png`), animations: 'disabled' });

      await page.getByRole('button', { name: '定时发布' }).click();
      await expect(page.getByRole('dialog', { name: '定时发布' })).toBeVisible();
      await page.screenshot({
        path: path.join(SCREENS_DIR, `admin-editor-schedule-${size.width}-${scheme}.png`),
        animations: 'disabled',
      });
      await page.getByRole('dialog', { name: '定时发布' }).getByRole('button', { name: '取消' }).click();
    }
  }
});
