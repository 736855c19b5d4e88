import { AdminUiMessages, DesktopUiMessages } from '@folio/shared';
import type { ArticleRevisionListItem } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { createServerArticle } from './desktop-helpers';

test('an article edited from the desktop admin is named desktop in the article history', async ({ desktop, folio }) => {
  const id = await createServerArticle(folio, { title: '桌面版编辑的文章', content: '原始正文' });
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: AdminUiMessages.tabArticles }).click();
  // 编辑 opens the desktop's draft editor; 发布 saves the article from there.
  await desktop.getByRole('button', { name: AdminUiMessages.editItem('桌面版编辑的文章') }).click();
  await expect(desktop).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
  await desktop.getByLabel(DesktopUiMessages.title).fill('桌面版改过的标题');
  await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
  await expect(desktop).toHaveURL(/#\/drafts$/);

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
