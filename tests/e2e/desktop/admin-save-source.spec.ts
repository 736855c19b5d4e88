import { AdminUiMessages } from '@folio/shared';
import type { ArticleRevisionListItem } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { createServerArticle } from './desktop-helpers';

test('a save made in the desktop admin is named desktop in the article history', async ({ desktop, folio }) => {
  const id = await createServerArticle(folio, { title: '桌面版编辑的文章', content: '原始正文' });
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: AdminUiMessages.tabArticles }).click();
  await desktop.getByRole('button', { name: AdminUiMessages.editItem('桌面版编辑的文章') }).click();
  const dialog = desktop.getByRole('dialog', { name: AdminUiMessages.editArticle });
  await dialog.getByLabel(AdminUiMessages.titleLabel).fill('桌面版改过的标题');
  await dialog.getByRole('button', { name: AdminUiMessages.save, exact: true }).click();
  await expect(dialog).toBeHidden();

  // One more change from elsewhere makes the desktop's version a previous one, listed with its source.
  const api = apiClient(folio.current().url);
  const token = await folio.token();
  await api('PUT', `/api/admin/articles/${id}`, { token, json: { title: '之后的标题' } });
  const history = await api<EnvelopeBody & { data: ArticleRevisionListItem[] }>('GET', `/api/admin/articles/${id}/revisions`, {
    token,
  });
  expect(history.body.data.map(({ title, source }) => ({ title, source }))).toEqual([
    { title: '桌面版改过的标题', source: 'desktop' },
    { title: '桌面版编辑的文章', source: 'api' },
  ]);
});
