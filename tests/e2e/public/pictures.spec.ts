import sharp from 'sharp';
import type { TestServer } from '../../support/test-server.js';
import { expect, test } from '../fixtures.js';
import { createArticle, openPage, routeExternal } from './helpers.js';

/** Uploads a photo-like JPEG as a body image and resolves with its URL. */
async function uploadPhoto(server: TestServer, width: number, height: number): Promise<string> {
  const photo = await sharp({
    create: { width, height, channels: 3, background: '#6a8', noise: { type: 'gaussian', mean: 120, sigma: 30 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${server.url}/api/admin/articles/images`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await server.login()}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

test('an article page loads the AVIF size of its cover and body images, with their boxes reserved before they load', async ({
  page,
  server,
}) => {
  await routeExternal(page);
  const cover = await uploadPhoto(server, 2000, 1000);
  const inBody = await uploadPhoto(server, 1200, 900);
  const id = await createArticle(server, {
    title: '照片文章',
    content: `${'一段很长的正文。\n\n'.repeat(30)}![海边](${inBody})`,
    cover,
  });
  await server.app.context.services.imageSizes.whenIdle();
  await page.setViewportSize({ width: 800, height: 900 });
  await openPage(page, `/articles/${id}`);

  const coverImage = page.locator(`img[src="${cover}"]`);
  await expect(coverImage).toHaveJSProperty('complete', true);
  const chosen = await coverImage.evaluate((image: HTMLImageElement) => ({
    currentSrc: image.currentSrc,
    width: image.getAttribute('width'),
    fetchPriority: image.getAttribute('fetchpriority'),
  }));
  expect(chosen.currentSrc).toMatch(/\/uploads\/sizes\/[0-9a-f]{32}\.avif$/);
  expect(chosen).toMatchObject({ width: '2000', fetchPriority: 'high' });

  // Below the fold, the body image is lazy: its box holds its shape (1200×900 at the column's width) before it loads.
  const bodyImage = page.locator(`img[src="${inBody}"]`);
  const box = await bodyImage.boundingBox();
  expect(box && Math.round((box.height / box.width) * 100)).toBe(75);
  await bodyImage.scrollIntoViewIfNeeded();
  await expect(bodyImage).toHaveJSProperty('complete', true);
  expect(await bodyImage.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.avif$/);
});

test('without a cover, the opening body image is fetched first, in the page the server sends and in one the browser renders', async ({
  page,
  server,
}) => {
  await routeExternal(page);
  const opening = await uploadPhoto(server, 1200, 900);
  const later = await uploadPhoto(server, 900, 600);
  const title = '无封面的照片文章';
  const id = await createArticle(server, {
    title,
    content: `## 第一张\n\n说明\n\n![一](${opening})\n\n${'说明。\n\n'.repeat(20)}![二](${later})`,
    cover: '',
  });
  await server.app.context.services.imageSizes.whenIdle();
  const loadingOf = (src: string) =>
    page.locator(`img[src="${src}"]`).evaluate((image: HTMLImageElement) => ({
      loading: image.loading,
      fetchPriority: image.getAttribute('fetchpriority'),
    }));
  const expectOpeningFirst = async () => {
    expect(await loadingOf(opening)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(await loadingOf(later)).toEqual({ loading: 'lazy', fetchPriority: null });
  };

  // Reached from the list, the body is rendered by the browser itself.
  await openPage(page, '/');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/articles\/wu-feng-mian-de-zhao-pian-wen-zhang$/);
  await expect(page.locator(`img[src="${opening}"]`)).toHaveJSProperty('complete', true);
  await expectOpeningFirst();

  // Opened directly, the server's body is kept as it is through hydration.
  await openPage(page, `/articles/${id}`);
  await expect(page.locator(`img[src="${opening}"]`)).toHaveJSProperty('complete', true);
  await expectOpeningFirst();
});

test('the home avatar joins its AVIF size once it is in view', async ({ page, server }) => {
  await routeExternal(page);
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#a86' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  const uploaded = await fetch(`${server.url}/api/admin/avatars`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await server.login()}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  await server.app.context.services.imageSizes.whenIdle();
  await openPage(page, '/');
  const avatar = page.getByTestId('home-avatar');
  await expect(avatar).toHaveAttribute('data-loaded', 'true');
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
    .toMatch(/\/uploads\/sizes\/[0-9a-f]{32}\.avif$/);
});
