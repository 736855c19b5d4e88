import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { mailConfig } from '../../../server/test/mail/mail-fixtures.js';
import { startSmtpSink } from '../../../server/test/mail/smtp-sink.js';
import type { SmtpSink } from '../../../server/test/mail/smtp-sink.js';
import { expect, test } from '../fixtures.js';
import { openSignedIn } from '../admin/admin-helpers.js';
import { articlePathByTitle, openPage, routeExternal, WELCOME_TITLE } from './helpers.js';

const SCREENS_DIR = process.env.FOLIO_SCREENS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/** Where the form's box is in the document, once painted: it must not move nor grow when the answer shows. */
const boxOf = (page: Page) =>
  page.getByTestId('subscribe-form').evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top + window.scrollY, height: rect.height, width: rect.width };
  });

/** Types an address and sends the form; the answer line says to look in the inbox. */
async function subscribeThroughForm(page: Page, email: string): Promise<void> {
  const form = page.getByTestId('subscribe-form');
  await form.scrollIntoViewIfNeeded();
  // A Mermaid diagram above is drawn as the reader nears it and grows from its placeholder: that
  // move is the diagram's, not the form's, so the form is measured once no diagram is still drawing.
  await expect(page.getByTestId('mermaid-rendering')).toHaveCount(0);
  const before = await boxOf(page);
  await form.getByLabel('邮箱').fill(email);
  await form.getByRole('button', { name: '订阅' }).click();
  await expect(form.getByRole('status')).toHaveText('请查收确认邮件');
  expect(await boxOf(page)).toEqual(before);
}

test.describe('with mail set up', () => {
  let sink: SmtpSink;
  test.use({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    serverOptions: async ({}, use) => {
      sink = await startSmtpSink();
      await use({ seed: true, config: { publicUrl: 'https://blog.example.com', mail: mailConfig(sink.port) } });
      await sink.close();
    },
  });

  test('the form on the article page and the landing page subscribes, the same answer for a known address; screenshots', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await routeExternal(page);
    const articlePath = await articlePathByTitle(server, WELCOME_TITLE);
    await openPage(page, articlePath);
    // After the article, before the comments.
    const order = await page.evaluate(() => {
      const form = document.querySelector('[data-testid="subscribe-form"]');
      const comments = document.querySelector('section[aria-labelledby="comments-title"]');
      return form && comments ? form.compareDocumentPosition(comments) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
    });
    expect(order).toBeGreaterThan(0);
    await subscribeThroughForm(page, 'reader@example.com');
    await expect.poll(() => sink.mails.length).toBe(1);

    await openPage(page, '/');
    await subscribeThroughForm(page, 'reader@example.com');
    await subscribeThroughForm(page, 'another@example.com');
    await expect.poll(() => sink.mails.length).toBe(2);

    // A badly formed address the browser lets through is refused with the server's words.
    const form = page.getByTestId('subscribe-form');
    await form.getByLabel('邮箱').fill('a@b');
    await form.getByRole('button', { name: '订阅' }).click();
    await expect(form.getByRole('status')).toHaveText('请输入有效的邮箱地址');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await openPage(page, articlePath);
        await page.getByTestId('subscribe-form').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: path.join(SCREENS_DIR, `subscribe-article-${size.width}-${scheme}.png`),
          animations: 'disabled',
        });
        await openPage(page, '/');
        await page.getByTestId('subscribe-form').scrollIntoViewIfNeeded();
        await page.screenshot({
          path: path.join(SCREENS_DIR, `subscribe-landing-${size.width}-${scheme}.png`),
          animations: 'disabled',
        });
      }
    }
  });

  test('订阅者 lists the subscribers, exports the CSV and removes one after asking; screenshots', async ({
    page,
    server,
    api,
  }) => {
    test.setTimeout(120_000);
    for (const email of ['first@example.com', '+formula@example.com']) {
      expect((await api('POST', '/api/subscribers', { json: { email } })).status).toBe(202);
    }
    await openSignedIn(page, server, '/admin/subscribers');
    await expect(page.getByTestId('subscriber-row')).toHaveCount(2);
    await expect(page.getByTestId('subscribers-mail-off')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('subscribers.csv');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.screenshot({
          path: path.join(SCREENS_DIR, `admin-subscribers-${size.width}-${scheme}.png`),
          animations: 'disabled',
        });
      }
    }
    await page.setViewportSize(SIZES[0]);
    await page.getByRole('button', { name: '移除 first@example.com' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('确定移除 first@example.com？');
    await dialog.getByRole('button', { name: '移除' }).click();
    await expect(page.getByTestId('subscriber-row')).toHaveCount(1);
    await expect(page.getByTestId('subscriber-row')).toContainText('+formula@example.com');
  });

  test('the editor publishes with 通知订阅者 unticked as 不通知订阅者, and ticked it mails', async ({ page, server, api }) => {
    const token = await openSignedIn(page, server, '/admin/articles');
    const publishWith = async (title: string, notify: boolean) => {
      await page.goto('/admin/articles/new');
      await page.getByRole('textbox', { name: '标题' }).fill(title);
      await page.locator('.cm-content').fill(`${title}的正文。`);
      const box = page.getByRole('checkbox', { name: '通知订阅者' });
      await expect(box).toBeChecked();
      if (!notify) {
        await box.uncheck();
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await page.screenshot({
            path: path.join(SCREENS_DIR, `admin-editor-notify-${size.width}-light.png`),
            animations: 'disabled',
          });
        }
        await page.setViewportSize(SIZES[0]);
      }
      await page.getByRole('button', { name: '发布', exact: true }).click();
      await expect(page.getByTestId('article-status')).toHaveText('已发布');
      // Published: its subscribers' mail went or was skipped for good, so the choice is gone.
      await expect(box).toHaveCount(0);
    };
    await publishWith('不通知的文章', false);
    await publishWith('通知的文章', true);
    const list = (await api('GET', '/api/admin/articles?per_page=100', { token })).body.data as Array<{
      title: string;
      notify_subscribers: boolean;
      subscribers_notified_at: string | null;
    }>;
    expect(list.find((article) => article.title === '不通知的文章')).toMatchObject({
      notify_subscribers: false,
      subscribers_notified_at: null,
    });
    expect(list.find((article) => article.title === '通知的文章')).toMatchObject({
      notify_subscribers: true,
      subscribers_notified_at: expect.any(String),
    });
  });
});

test.describe('without mail', () => {
  test('no form on the article page nor the landing page, and 订阅者 says why', async ({ page, server }) => {
    await routeExternal(page);
    await openPage(page, await articlePathByTitle(server, WELCOME_TITLE));
    await expect(page.getByTestId('article-page')).toBeVisible();
    await expect(page.getByTestId('subscribe-form')).toHaveCount(0);
    await openPage(page, '/');
    await expect(page.getByTestId('subscribe-form')).toHaveCount(0);
    await openSignedIn(page, server, '/admin/subscribers');
    await expect(page.getByTestId('subscribers-mail-off')).toContainText('未配置邮件，访客无法订阅');
  });
});
