import type { Browser, Page } from '@playwright/test';
import type { AdminArticleDetail, PublicArticleDetail, UndrawnDiagrams } from '@folio/shared';
import { expect, test } from '../fixtures.js';
import type { TestServer } from '../../support/test-server.js';
import { adminCall, createArticle, openPage, routeExternal } from '../public/helpers.js';
import { importMarkdownFiles, openSignedIn } from './admin-helpers.js';

const FLOWCHART = 'graph TD\n  A[写文章] --> B{预览}\n  B -->|满意| C[发布]\n';
const SEQUENCE = 'sequenceDiagram\n  participant U as 读者\n  U->>S: 打开文章\n  S-->>U: 图表图片\n';
const BROKEN = 'graph TD\n  A -->>>> [[[\n';
const fence = (source: string) => `\`\`\`mermaid\n${source}\`\`\``;
const BODY = `# 两张图\n\n${fence(FLOWCHART)}\n\n中间的段落。\n\n${fence(SEQUENCE)}\n`;

/** Opens the article in the admin's editor and waits until it has drawn and uploaded `count` diagrams. */
async function drawInEditor(page: Page, server: TestServer, id: number, count: number): Promise<void> {
  const uploads: Promise<unknown>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(`/api/admin/articles/${id}/diagrams`)) uploads.push(response.finished());
  });
  await openSignedIn(page, server, '/admin/articles');
  await page.goto(`/admin/articles/${id}/edit`);
  await expect
    .poll(
      async () => {
        const detail = await adminCall<AdminArticleDetail>(server, 'GET', `/api/admin/articles/${id}`);
        return detail.drawn_diagrams?.length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
  await Promise.all(uploads);
}

/** A visitor's page (its own context: no admin token, the given colour scheme), recording script requests. */
async function visitorPage(browser: Browser, server: TestServer, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: server.url, colorScheme });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await routeExternal(page);
  return { page, scripts, close: () => context.close() };
}

test('the editor draws an article’s diagrams once; visitors then get images and no Mermaid', async ({
  page,
  server,
  browser,
}) => {
  const id = await createArticle(server, { title: '预渲染的图表', content: BODY });
  await drawInEditor(page, server, id, 2);
  const detail = await adminCall<PublicArticleDetail>(server, 'GET', `/api/articles/${id}`);
  expect(detail.diagrams.map((diagram) => diagram.source)).toEqual([FLOWCHART, SEQUENCE]);

  const light = await visitorPage(browser, server, 'light');
  try {
    await openPage(light.page, `/articles/${id}`);
    const images = light.page.getByTestId('mermaid-image');
    await expect(images).toHaveCount(2);
    for (const [index, diagram] of detail.diagrams.entries()) {
      const image = images.nth(index);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(diagram.width);
      expect(await image.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname)).toBe(diagram.light_url);
    }
    await expect(images.first()).toHaveAttribute('alt', 'Mermaid 图表');
    // Server-rendered as images: no '正在渲染图表...' at any point, and Mermaid never loaded for them.
    await light.page.waitForLoadState('networkidle');
    expect(light.scripts.filter((script) => /mermaid/i.test(script))).toEqual([]);
  } finally {
    await light.close();
  }

  const dark = await visitorPage(browser, server, 'dark');
  try {
    await openPage(dark.page, `/articles/${id}`);
    const first = dark.page.getByTestId('mermaid-image').first();
    await expect.poll(() => first.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    expect(await first.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname)).toBe(
      detail.diagrams[0]?.dark_url,
    );
  } finally {
    await dark.close();
  }

  // Opening the editor again draws nothing new: every diagram has its image.
  const again: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/diagrams') && request.method() === 'POST') again.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: '编辑文章' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(again).toEqual([]);
});

test('a diagram the editor cannot draw gets no image: the visitor’s browser tries and says so', async ({ page, server }) => {
  const id = await createArticle(server, { title: '一张坏图', content: `${fence(FLOWCHART)}\n\n${fence(BROKEN)}\n` });
  await drawInEditor(page, server, id, 1);
  const detail = await adminCall<AdminArticleDetail>(server, 'GET', `/api/admin/articles/${id}`);
  expect(detail.drawn_diagrams).toEqual([FLOWCHART]);
  await routeExternal(page);
  await openPage(page, `/articles/${id}`);
  await expect(page.getByTestId('mermaid-image')).toHaveCount(1);
  await page.locator('[data-mermaid-code]').last().scrollIntoViewIfNeeded();
  await expect(page.getByTestId('mermaid-error')).toContainText('图表渲染失败');
});

test('an image holds its box before it arrives, so the text under it never moves', async ({ page, server, browser }) => {
  const id = await createArticle(server, { title: '图下的文字', content: `${fence(FLOWCHART)}\n\n图下面的段落。\n` });
  await drawInEditor(page, server, id, 1);
  const visitor = await visitorPage(browser, server, 'light');
  try {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await visitor.page.route('**/diagrams/*.svg', async (route) => {
      await held;
      await route.continue();
    });
    // Not openPage: the held image would hold the load event too.
    await visitor.page.goto(`/articles/${id}`, { waitUntil: 'domcontentloaded' });
    await visitor.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const paragraph = visitor.page.getByText('图下面的段落。');
    const before = await paragraph.boundingBox();
    release();
    const image = visitor.page.getByTestId('mermaid-image');
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    expect(await paragraph.boundingBox()).toEqual(before);
  } finally {
    await visitor.close();
  }
});

test('saving an article in the editor draws its new diagram', async ({ page, server }) => {
  await openSignedIn(page, server, '/admin/articles');
  await page.goto('/admin/articles/new');
  await page.getByRole('textbox', { name: '标题' }).fill('新图表');
  await page.locator('.cm-content').fill(`开头。\n\n${fence(FLOWCHART)}\n`);
  const upload = page.waitForResponse((response) => /\/api\/admin\/articles\/\d+\/diagrams$/.test(response.url()));
  await page.getByRole('button', { name: '发布', exact: true }).click();
  expect((await upload).status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\/edit$/);
  const id = Number(/articles\/(\d+)\/edit/.exec(page.url())?.[1]);
  const detail = await adminCall<PublicArticleDetail>(server, 'GET', `/api/articles/${id}`);
  expect(detail.diagrams.map((diagram) => diagram.source)).toEqual([FLOWCHART]);
});

test('a batch Markdown import has its diagrams drawn in the background', async ({ page, server }) => {
  await openSignedIn(page, server, '/admin/articles');
  await importMarkdownFiles(page, [
    { name: 'with-diagram.md', text: `# 导入的图表\n\n${fence(FLOWCHART)}\n` },
    { name: 'plain.md', text: '# 没有图表\n\n正文。\n' },
  ]);
  await expect(page.getByRole('dialog', { name: '导入结果' })).toContainText('成功导入2篇文章');
  const list = await adminCall<{ id: number; title: string }[]>(server, 'GET', '/api/admin/articles?per_page=100');
  const imported = list.find((article) => article.title === '导入的图表');
  await expect
    .poll(
      async () => (await adminCall<AdminArticleDetail>(server, 'GET', `/api/admin/articles/${imported?.id}`)).drawn_diagrams,
      {
        timeout: 30_000,
      },
    )
    .toEqual([FLOWCHART]);
});

test('the signed-in admin draws, in the background, the diagrams of articles that came without images', async ({
  page,
  server,
}) => {
  // Written through the API, as the original admin, a backup import or the desktop's sync would: nothing drew them.
  const id = await createArticle(server, { title: '别处写的图表', content: BODY });
  const broken = await createArticle(server, { title: '别处写的坏图', content: `${fence(FLOWCHART)}\n\n${fence(BROKEN)}\n` });
  const undrawn = async () => (await adminCall<UndrawnDiagrams>(server, 'GET', '/api/admin/diagrams/undrawn')).article_ids;
  expect(await undrawn()).toEqual(expect.arrayContaining([id, broken]));

  // The content screen: no article is opened, saved or imported.
  await openSignedIn(page, server, '/admin');
  // Every diagram is drawn (the sample articles' too) except the one Mermaid cannot draw.
  await expect.poll(undrawn, { timeout: 60_000 }).toEqual([broken]);
  const drawnOf = async (articleId: number) =>
    (await adminCall<AdminArticleDetail>(server, 'GET', `/api/admin/articles/${articleId}`)).drawn_diagrams;
  expect(await drawnOf(id)).toEqual([FLOWCHART, SEQUENCE]);
  expect(await drawnOf(broken)).toEqual([FLOWCHART]);
  await expect(page.getByRole('heading', { name: '管理后台', exact: true })).toBeVisible();
});
