import { AdminUiMessages } from '@folio/shared';
import { expect, test } from '../fixtures.js';
import { expectPreviewFollowsEditor, numberedSections, previewDistanceFromEnd } from '../markdown-preview-helpers.js';
import { openSignedIn } from './admin-helpers.js';

test.use({ serverOptions: { seed: false } });

test('the editor page’s preview follows the editor by source line and can take the article page’s style', async ({
  page,
  server,
  api,
}) => {
  const token = await server.login();
  const created = await api<{ data: { id: number } }>('POST', '/api/admin/articles', {
    token,
    json: { title: '预览同步', category: '随笔', tags: '生活', summary: '一段摘要', cover: '', content: numberedSections(60) },
  });
  expect(created.status).toBe(201);
  await openSignedIn(page, server, '/admin/articles');
  await page.goto(`/admin/articles/${created.body.data.id}/edit`);
  const preview = page.getByRole('region', { name: AdminUiMessages.preview });
  await expect(preview.getByRole('heading', { name: '第 60 节' })).toBeAttached();

  await expectPreviewFollowsEditor(page, preview);

  // In the site's style the preview has the article page's title, chips and summary above the body.
  const siteStyle = page.getByRole('switch', { name: AdminUiMessages.previewSiteStyle, exact: true });
  // The switch is the preview's own, not the 正文 field's control: no required mark, no field label.
  await expect(siteStyle).not.toHaveAttribute('required');
  await expect(page.getByRole('switch', { name: AdminUiMessages.markdownBody })).toHaveCount(0);
  await siteStyle.check();
  const sheet = preview.locator('[data-site-style]');
  await expect(sheet.getByRole('heading', { level: 1, name: '预览同步' })).toBeVisible();
  await expect(sheet.getByTestId('article-chip')).toHaveText(['随笔', '生活']);
  await expect(sheet.getByText('一段摘要')).toBeVisible();
  // The sync holds in that layout too.
  await expect.poll(() => previewDistanceFromEnd(preview)).toBeLessThanOrEqual(1);
});
