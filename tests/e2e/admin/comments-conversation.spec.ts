import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { mailConfig, OWNER_EMAIL } from '../../../server/test/mail/mail-fixtures.js';
import { startSmtpSink } from '../../../server/test/mail/smtp-sink.js';
import { openSignedIn, toast } from './admin-helpers.js';

type Api = (
  method: string,
  path: string,
  options?: { token?: string; json?: unknown },
) => Promise<{ status: number; body: { data: unknown } }>;

async function firstArticle(api: Api, token: string): Promise<{ id: number; title: string }> {
  const [article] = (await api('GET', '/api/admin/articles', { token })).body.data as { id: number; title: string }[];
  if (!article) throw new Error('the seeded site has no article');
  return article;
}

async function comment(api: Api, articleId: number, author: string, content: string, parentId?: number): Promise<number> {
  const answer = await api('POST', `/api/articles/${articleId}/comments`, {
    json: { author, email: '', content, ...(parentId ? { parent_id: parentId } : {}) },
  });
  expect(answer.status).toBe(201);
  return (answer.body.data as { id: number }).id;
}

const card = (page: Page, text: string) => page.getByTestId('comment-row').filter({ hasText: text });

test('a held comment comes first and 通过 shows it to readers; the owner replies inline with the 作者 mark; a delete counts its replies', async ({
  page,
  server,
  api,
}) => {
  const token = await server.login();
  const article = await firstArticle(api, token);
  const earlier = await comment(api, article.id, '读者甲', '第一条，已公开');
  await comment(api, article.id, '读者乙', '回复读者甲', earlier);
  const settings = { moderation: 'all', blocked_words: [], blocked_addresses: [] };
  expect((await api('PUT', '/api/admin/settings/comments', { token, json: settings })).status).toBe(200);
  await comment(api, article.id, '读者丙', '等待审核的评论');

  await openSignedIn(page, server, '/admin/comments');
  const rows = page.getByTestId('comment-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('读者丙');
  await expect(rows.first()).toContainText('待审核');
  await expect(card(page, '回复读者甲')).toContainText('回复 @读者甲');
  await expect(card(page, '回复读者甲')).toContainText(`评论于《${article.title}》`);

  await page.getByRole('tab', { name: /待审核/ }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: '通过 读者丙 的评论' }).click();
  await expect(toast(page, '已通过')).toBeVisible();
  await expect(page.getByText('没有待审核的评论')).toBeVisible();
  const reader = await page.context().newPage();
  await reader.goto(`/articles/${article.id}`);
  await expect(reader.getByText('等待审核的评论')).toBeVisible();
  await reader.close();

  await page.getByRole('tab', { name: '全部' }).click();
  await card(page, '第一条，已公开').getByRole('button', { name: '回复 读者甲' }).click();
  await page.getByRole('textbox', { name: '回复 读者甲 的内容' }).fill('谢谢阅读！');
  await page.keyboard.press('Control+Enter');
  const reply = card(page, '谢谢阅读！');
  await expect(reply).toBeVisible();
  await expect(reply.getByText('作者', { exact: true })).toBeVisible();
  await expect(reply).toContainText('回复 @读者甲');
  const listed = (await api('GET', `/api/articles/${article.id}/comments`)).body.data as {
    comments: { content: string; is_owner: boolean; parent_id: number | null }[];
  };
  expect(listed.comments.find((item) => item.content === '谢谢阅读！')).toMatchObject({ is_owner: true, parent_id: earlier });

  await card(page, '第一条，已公开').getByRole('button', { name: '删除 读者甲 的评论' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('它的 2 条回复会一起删除');
  await page.getByRole('alertdialog').getByRole('button', { name: '确认删除' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('读者丙');
});

test('评论设置 are saved and shown again, a too long entry is refused on its field, and the page says mail is not set up', async ({
  page,
  server,
  api,
}) => {
  const token = await openSignedIn(page, server, '/admin/comments');
  await expect(page.getByText('邮件通知未配置')).toBeVisible();
  await expect(page.getByText(/SMTP_URL、MAIL_FROM 和 OWNER_EMAIL/)).toBeVisible();

  await page.getByRole('button', { name: '评论设置' }).click();
  const dialog = page.getByRole('dialog', { name: '评论设置' });
  await expect(dialog.getByRole('radio', { name: '不审核' })).toBeChecked();
  await dialog.getByRole('radio', { name: '首次评论需审核' }).check();
  await dialog.getByRole('textbox', { name: '屏蔽词' }).fill(`广告\n${'长'.repeat(101)}`);
  await dialog.getByRole('textbox', { name: '屏蔽地址' }).fill('203.0.113.\n@spam.test');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog.getByText('单个屏蔽词不能超过100个字符')).toBeVisible();

  await dialog.getByRole('textbox', { name: '屏蔽词' }).fill('广告\n  推广 \n广告');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '评论设置已保存')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await api('GET', '/api/admin/settings/comments', { token })).body.data).toEqual({
    moderation: 'first',
    blocked_words: ['广告', '推广'],
    blocked_addresses: ['203.0.113.', '@spam.test'],
  });

  await page.reload();
  await page.getByRole('button', { name: '评论设置' }).click();
  await expect(dialog.getByRole('radio', { name: '首次评论需审核' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: '屏蔽词' })).toHaveValue('广告\n推广');
  await expect(dialog.getByRole('textbox', { name: '屏蔽地址' })).toHaveValue('203.0.113.\n@spam.test');
});

test('a comment posted elsewhere raises a toast and the 评论管理 count, which opening the comment page clears', async ({
  page,
  server,
  api,
}) => {
  // Phone width: the menu is a scrolling row, so the top bar shows the count too.
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await openSignedIn(page, server, '/admin/skills');
  const article = await firstArticle(api, token);
  await expect(page.locator('html[data-admin-realtime="connected"]')).toBeAttached();
  // Fluent's tab renders its content twice (the second, hidden, keeps the bold label's width).
  const unread = page.getByTestId('comments-unread').first();
  await expect(unread).toBeHidden();

  await comment(api, article.id, '路过的读者', '这篇写得真好');
  await expect(unread).toHaveText('1');
  const notice = page.getByTestId('new-comment-toast');
  await expect(notice).toContainText(`路过的读者 评论了《${article.title}》`);
  await expect(notice).toContainText('这篇写得真好');
  await comment(api, article.id, '另一位读者', '第二条');
  await expect(unread).toHaveText('2');
  const topBarCount = page.getByRole('button', { name: '2 条新评论' });
  await expect(topBarCount).toBeVisible();

  await notice.first().getByRole('link', { name: '查看评论' }).click();
  await expect(page).toHaveURL(/\/admin\/comments$/);
  await expect(page.getByTestId('comment-row')).toHaveCount(2);
  await expect(unread).toBeHidden();
  await expect(topBarCount).toBeHidden();
  expect((await api('GET', '/api/admin/comments/unread', { token })).body.data).toEqual({ unread: 0, pending: 0 });
});

test('the new-comment toast reaches the owner on the article editor too, and leads to the comment page', async ({
  page,
  server,
  api,
}) => {
  const token = await openSignedIn(page, server, '/admin/articles');
  const article = await firstArticle(api, token);
  await page.goto('/admin/articles/new');
  await expect(page.getByRole('heading', { name: '管理后台', exact: true })).toBeHidden();
  await expect(page.locator('html[data-admin-realtime="connected"]')).toBeAttached();

  await comment(api, article.id, '编辑时的读者', '正在写文章吗？');
  const notice = page.getByTestId('new-comment-toast');
  await expect(notice).toContainText(`编辑时的读者 评论了《${article.title}》`);
  await notice.getByRole('link', { name: '查看评论' }).click();
  await expect(page).toHaveURL(/\/admin\/comments$/);
  await expect(page.getByTestId('comment-row').filter({ hasText: '正在写文章吗？' })).toBeVisible();
});

test.describe('with mail set up', () => {
  // An SMTP server on loopback that refuses the owner's mailbox for good (550).
  test.use({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    serverOptions: async ({}, use) => {
      const sink = await startSmtpSink(0, (recipient) => (recipient === OWNER_EMAIL ? 550 : undefined));
      await use({ seed: true, config: { mail: mailConfig(sink.port) } });
      await sink.close();
    },
  });

  test('a mail the SMTP server refused is listed with its reason, and no note says mail is off', async ({
    page,
    server,
    api,
  }) => {
    const token = await server.login();
    const article = await firstArticle(api, token);
    await comment(api, article.id, '读者甲', '会发邮件吗？');
    await expect
      .poll(async () => ((await api('GET', '/api/admin/mail', { token })).body.data as { failed: unknown[] }).failed.length)
      .toBe(1);

    await openSignedIn(page, server, '/admin/comments');
    const status = page.getByTestId('mail-status');
    await expect(status).toContainText('1 封邮件发送失败');
    await expect(status).toContainText(`发给 ${OWNER_EMAIL}：`);
    await expect(status).toContainText(/原因：.*550/);
    await expect(page.getByText('邮件通知未配置')).toBeHidden();
  });
});
