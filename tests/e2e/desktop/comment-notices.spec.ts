import type { Page } from '@playwright/test';
import { AdminCommentMessages as A, AdminUiMessages, DesktopUiMessages } from '@folio/shared';
import { ipcEventName } from '../../../desktop/src/channels';
import { apiClient } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { FolioServer } from './desktop-fixtures';
import { createServerArticle } from './desktop-helpers';
import type { DesktopMain } from './harness/desktop-main';
import { screensDir, shootEverySize } from './harness/screenshots';

/** A reader comments on the public page, as any visitor would. */
async function visitorComment(folio: FolioServer, articleId: number, author: string, content: string): Promise<void> {
  const response = await apiClient(folio.current().url)('POST', `/api/articles/${articleId}/comments`, {
    json: { author, content },
  });
  expect(response.status).toBe(201);
}

/** Signs in and waits until main's comment connection is up (it asks for fresh counts when it is). */
async function signInListening(desktop: Page, folio: FolioServer, main: DesktopMain): Promise<void> {
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await expect.poll(() => main.sentEvents.some((sent) => sent.event === ipcEventName('comments.changed'))).toBe(true);
}

test.describe('the desktop tells the owner of a new comment at once', () => {
  test.describe.configure({ timeout: 120_000 });

  test('window in front: one toast whose 查看评论 opens the comment page, and the unread count shows and clears', async ({
    desktop,
    folio,
    main,
  }) => {
    const articleId = await createServerArticle(folio, { title: '桌面上的评论通知', content: '正文' });
    await signInListening(desktop, folio, main);
    // The admin is on screen, listening too (its 评论管理 tab counts).
    await expect(desktop.getByRole('tab', { name: AdminUiMessages.tabComments })).toBeVisible();

    await visitorComment(folio, articleId, '读者乙', '这一篇把来龙去脉讲清楚了。');
    const toast = desktop.getByTestId('comment-toast');
    await expect(toast).toContainText(A.newComment('读者乙', '桌面上的评论通知'));
    await expect(toast).toContainText('这一篇把来龙去脉讲清楚了。');
    // The admin's 评论管理 tab counts it (the admin heard the same notice through the bridge).
    await expect(desktop.getByTestId('comments-unread').first()).toHaveText('1');
    // Said once: not a second toast from the admin, nor a native notification over a focused window.
    expect(await desktop.locator('.fui-Toast').filter({ hasText: '这一篇把来龙去脉讲清楚了。' }).count()).toBe(1);
    expect(main.shownNotifications).toEqual([]);

    await toast.getByRole('button', { name: A.openComments }).click();
    await expect(desktop).toHaveURL(/#\/admin\/comments/);
    await expect(desktop.getByText('这一篇把来龙去脉讲清楚了。').first()).toBeVisible();
    await expect(desktop.getByTestId('comments-unread')).toHaveCount(0);

    // Another one while the comment page is open: the toast over it, in every size and scheme.
    await visitorComment(folio, articleId, '读者丁', '第二次来看，又有新收获。');
    const second = desktop.getByTestId('comment-toast').filter({ hasText: '第二次来看' });
    await expect(second).toBeVisible();
    // The page lists it (it heard the notice too), and the owner is told once, not by the admin again.
    await expect(desktop.getByRole('main').getByText('第二次来看，又有新收获。')).toBeVisible();
    // Counted now, not waited for: the admin's own toast would leave after its 8 s.
    expect(await desktop.locator('.fui-Toast').filter({ hasText: '第二次来看' }).count()).toBe(1);
    // Under the pointer it waits for the owner (and for the screenshots).
    await second.hover();
    await shootEverySize(desktop, screensDir('comment-notices'), 'new-comment-toast', () => second.hover());
  });

  test('window in the background: a native notification instead, whose click opens the comment page', async ({
    desktop,
    folio,
    main,
  }) => {
    const articleId = await createServerArticle(folio, { title: '后台时来的评论', content: '正文' });
    await signInListening(desktop, folio, main);
    // The owner is writing in 草稿箱 when the window loses focus.
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    main.window.focused = false;

    await visitorComment(folio, articleId, '读者丙', '期待下一篇。');
    await expect.poll(() => main.shownNotifications.length).toBe(1);
    expect(main.shownNotifications[0]).toMatchObject({ title: A.newComment('读者丙', '后台时来的评论'), body: '期待下一篇。' });
    await expect(desktop.getByTestId('comment-toast')).toHaveCount(0);

    main.shownNotifications[0]?.click();
    expect(main.window.focused).toBe(true);
    await expect(desktop).toHaveURL(/#\/admin\/comments/);
    await expect(desktop.getByText('期待下一篇。').first()).toBeVisible();
  });

  test('in the draft editor: the toast sits in a corner clear of the title and toolbar, stacked, and the 评论 tab counts from every screen', async ({
    desktop,
    folio,
    main,
  }) => {
    const articleId = await createServerArticle(folio, { title: '写作时来的评论', content: '正文' });
    await signInListening(desktop, folio, main);
    await desktop.goto(`${new URL(desktop.url()).origin}/index.html#/drafts/new`);
    await expect(desktop).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
    const title = desktop.getByLabel(DesktopUiMessages.title, { exact: true });
    await expect(title).toBeVisible();

    await visitorComment(folio, articleId, '读者戊', '写作时的第一条评论。');
    await visitorComment(folio, articleId, '读者己', '写作时的第二条评论。');
    const toasts = desktop.getByTestId('comment-toast');
    await expect(toasts).toHaveCount(2);
    const viewport = desktop.viewportSize() ?? { width: 0, height: 0 };
    const titleBox = await title.boundingBox();
    if (!titleBox) throw new Error('the title field is not on screen');
    // Once they have slid in: the bottom-end corner, one above the other, over neither the title
    // field nor the bar above it.
    const placement = async () => {
      const [first, second] = await Promise.all([toasts.nth(0).boundingBox(), toasts.nth(1).boundingBox()]);
      if (!first || !second) return 'not on screen';
      const inCorner = [first, second].every(
        (box) => box.x + box.width > viewport.width * 0.75 && box.y > viewport.height / 2 && box.y > titleBox.y + titleBox.height,
      );
      const [upper, lower] = first.y < second.y ? [first, second] : [second, first];
      return inCorner && upper.y + upper.height <= lower.y ? 'stacked in the corner' : JSON.stringify({ first, second });
    };
    await expect.poll(placement).toBe('stacked in the corner');

    // Outside 管理后台, the desktop's own bar counts what the owner has not seen.
    const commentsTab = desktop.getByRole('tab', { name: new RegExp(DesktopUiMessages.navComments) });
    await expect(commentsTab.getByTestId('desktop-comments-unread').first()).toHaveText('2');
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await expect(commentsTab.getByTestId('desktop-comments-unread').first()).toHaveText('2');
    await commentsTab.click();
    await expect(desktop).toHaveURL(/#\/admin\/comments/);
    await expect(desktop.getByTestId('desktop-comments-unread')).toHaveCount(0);
  });
});
