import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdminUiMessages, DesktopMessages, DesktopUiMessages, ServerMessages } from '@folio/shared';
import type {} from '../../../desktop/src/window-folio';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { createServerArticle } from './desktop-helpers';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A port nothing listens on: bound once, then released. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.describe('desktop connection screen', () => {
  test('signs in, saves the server as a profile and opens the admin', async ({ desktop, folio }) => {
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await expect(desktop.getByRole('heading', { name: '管理后台' })).toBeVisible();
    await expect(desktop.getByTestId('connectivity')).toHaveText(DesktopUiMessages.online);

    await desktop.getByRole('tab', { name: DesktopUiMessages.navConnection }).click();
    const profile = desktop.getByTestId('profile');
    await expect(profile).toHaveCount(1);
    await expect(profile).toContainText(folio.url);
    await expect(profile).toContainText(DesktopUiMessages.activeProfile);
    await expect(desktop.getByText(DesktopUiMessages.signedInAs('admin', folio.url))).toBeVisible();
  });

  test('shows the covers of a server signed in to while the app runs, without a reload', async ({ desktop, folio }) => {
    const form = new FormData();
    form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'cover.png');
    const upload = await fetch(`${folio.current().url}/api/admin/articles/cover`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await folio.token()}` },
      body: form,
    });
    const cover = ((await upload.json()) as { data: { url: string } }).data.url;
    await createServerArticle(folio, { title: '带封面的文章', content: '正文', cover });

    // The page was loaded before this server was saved; its covers load from the app's origin.
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: AdminUiMessages.tabArticles }).click();
    const image = desktop.locator('img[src*="/server-files/"]').first();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);
  });

  test('names each connection problem in Chinese', async ({ desktop, folio }) => {
    await signIn(desktop, 'blog example com', ADMIN_PASSWORD);
    await expect(desktop.getByRole('alert')).toHaveText(DesktopMessages.urlMalformed);

    await signIn(desktop, `http://127.0.0.1:${await deadPort()}`, ADMIN_PASSWORD);
    await expect(desktop.getByRole('alert')).toContainText('服务器');
    await expect(desktop.getByRole('alert')).not.toHaveText(DesktopMessages.notFolio);

    const stranger = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>It works!</h1>');
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    try {
      await signIn(desktop, `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`, ADMIN_PASSWORD);
      await expect(desktop.getByRole('alert')).toHaveText(DesktopMessages.notFolio);
    } finally {
      await new Promise((resolve) => stranger.close(resolve));
    }

    await signIn(desktop, folio.url, 'not the password');
    await expect(desktop.getByRole('alert')).toHaveText(ServerMessages.wrongCredentials);
    await expect(desktop).toHaveURL(/#\/connection/);
  });

  test('completes an address typed without a scheme (http:// for this machine) and connects', async ({ desktop, folio }) => {
    const typed = `localhost:${new URL(folio.url).port}`;
    await signIn(desktop, typed, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await expect(desktop.getByTestId('connectivity')).toHaveText(DesktopUiMessages.online);
    await desktop.getByRole('tab', { name: DesktopUiMessages.navConnection }).click();
    await expect(desktop.getByTestId('profile')).toContainText(`http://${typed}`);
  });

  test('switches between saved servers in one click', async ({ desktop, folio }) => {
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    // A second address of the same server makes a second profile.
    const second = folio.url.replace('127.0.0.1', 'localhost');
    await signIn(desktop, second, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);

    await desktop.getByRole('tab', { name: DesktopUiMessages.navConnection }).click();
    await expect(desktop.getByTestId('profile')).toHaveCount(2);
    const first = desktop.getByTestId('profile').filter({ hasText: folio.url });
    await first.getByRole('button', { name: DesktopUiMessages.switchProfile }).click();
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: DesktopUiMessages.navConnection }).click();
    await expect(desktop.getByTestId('profile').filter({ hasText: DesktopUiMessages.activeProfile })).toContainText(folio.url);
  });
});

test.describe('desktop connection without a real keychain', () => {
  test.use({ keychain: 'basic_text' });

  test('warns and stores the token only after an explicit yes', async ({ desktop, folio }) => {
    await signIn(desktop, folio.url, ADMIN_PASSWORD, { remember: true });
    const dialog = desktop.getByRole('alertdialog', { name: DesktopUiMessages.insecureStorageTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(DesktopUiMessages.insecureStorageBody);
    await dialog.getByRole('button', { name: DesktopUiMessages.insecureStorageConfirm }).click();
    await expect(desktop).toHaveURL(/#\/admin/);
    const status = await desktop.evaluate(async () => window.folio?.session.status());
    expect(status).toMatchObject({ ok: true, data: { signedIn: true, tokenStorage: 'insecure', needsStorageConsent: false } });
  });
});
