import { expect, test } from '../fixtures.js';
import {
  adminCall,
  articleIdByTitle,
  BROWSER_USER_AGENT,
  createArticle,
  openPage,
  renderedMarkup,
  routeExternal,
  scrollToDiagram,
  toast,
  waitForRealtime,
  WELCOME_TITLE,
} from './helpers.js';

test.describe('article page', () => {
  test('the server-rendered HTML holds the title, summary, rendered body and meta tags', async ({ request, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    const response = await request.get(`/articles/${id}`);
    expect(response.status()).toBe(200);
    const html = renderedMarkup(await response.text());
    expect(html).toContain(`<title>${WELCOME_TITLE} - 你好，我是 Folio</title>`);
    expect(html).toContain('<meta name="description" content="介绍这个站点的功能');
    // The slug address, made from the title (server/API.md §E19), whatever address was asked for.
    expect(html).toMatch(
      /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/articles\/huan-ying-lai-dao-folio-wo-de-di-yi-pian-bo-ke"/,
    );
    expect(html).toContain('<meta property="og:type" content="article"');
    expect(html).toContain(`<meta property="og:title" content="${WELCOME_TITLE}"`);
    expect(html).toContain('<meta name="twitter:card"');
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain(`<h1`);
    expect(html).toContain('介绍这个站点的功能：文章支持 Markdown');
    expect(html).toContain('<span class="token keyword">interface</span>');
    // Complete inline: no hidden Suspense segments that only JavaScript would reveal.
    expect(html).not.toContain('<div hidden id="S:');
  });

  test('without JavaScript the article is still readable', async ({ browser, baseURL, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(`/articles/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME_TITLE })).toBeVisible();
    await expect(page.getByText('这是站点自动生成的示例文章')).toBeVisible();
    await expect(page.locator('pre code .token.keyword').first()).toBeVisible();
    await context.close();
  });

  test('Markdown with highlighted code, and the sample’s Mermaid diagram as the image drawn with it', async ({
    page,
    request,
    server,
  }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    // A reader's view, counted as the beacon counts it (server/API.md §E23.2), so the page has a count to show.
    const hit = await request.post('/api/stats/hit', {
      data: { path: `/articles/${id}` },
      headers: { 'User-Agent': BROWSER_USER_AGENT },
    });
    expect(hit.status()).toBe(204);
    await routeExternal(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openPage(page, `/articles/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME_TITLE })).toBeVisible();
    await expect(page.getByTestId('article-chip').filter({ hasText: '工具使用' })).toBeVisible();
    await expect(page.getByText('2026年1月5日')).toBeVisible();
    await expect(page.getByText(/^\d+ 次阅读$/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: '支持的写作功能' })).toBeVisible();
    await expect(page.locator('pre.language-typescript .token.keyword').first()).toHaveText('interface');
    // Drawn when the site was seeded, as the admin draws an article's diagrams: an image whose
    // size is known before it loads, and no Mermaid for the reader to download.
    const image = (await scrollToDiagram(page)).getByTestId('mermaid-image');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('width', /^[1-9]\d*$/);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    expect(await (await page.request.get((await image.getAttribute('src')) ?? '')).text()).toContain('写草稿');
    expect(scripts.filter((script) => /mermaid/i.test(script))).toEqual([]);
  });

  test('hydration keeps the server-rendered body without the Markdown renderer; a live edit renders the new body', async ({
    page,
    server,
  }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // Any change made inside the body's HTML (not the diagram, which draws itself) once the
    // parser is done ('interactive' comes before the app's deferred scripts run).
    await page.addInitScript(() => {
      const record = window as unknown as { __bodyChanges: number };
      record.__bodyChanges = 0;
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        new MutationObserver((mutations) => {
          for (const mutation of mutations) {
            const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
            if (target?.closest('[data-testid="markdown-body"]') && !target.closest('figure')) record.__bodyChanges += 1;
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
    });
    await openPage(page, `/articles/${id}`);
    await expect((await scrollToDiagram(page)).getByTestId('mermaid-image')).toBeVisible();
    await expect(page.locator('pre.language-typescript .token.keyword').first()).toHaveText('interface');
    expect(await page.evaluate(() => (window as unknown as { __bodyChanges: number }).__bodyChanges)).toBe(0);
    expect(scripts.filter((script) => script.includes('render-markdown'))).toEqual([]);

    await waitForRealtime(page);
    // The check of the page's data made once connected comes after hydration, so it never makes
    // React throw the server's body away and render it again.
    const detailReads = () =>
      page.evaluate(
        () =>
          performance.getEntriesByType('resource').filter((entry) => /\/api\/articles\/\d+\?refresh=1/.test(entry.name)).length,
      );
    await expect.poll(detailReads).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __bodyChanges: number }).__bodyChanges)).toBe(0);
    expect(scripts.filter((script) => script.includes('render-markdown'))).toEqual([]);
    await adminCall(server, 'PUT', `/api/admin/articles/${id}`, {
      content: '# 实时更新的正文\n\n```python\ndef hello():\n    return 1\n```\n\n```mermaid\ngraph LR\n  甲 --> 乙\n```\n',
    });
    await expect(page.getByRole('heading', { level: 2, name: '实时更新的正文' })).toBeVisible();
    await expect(page.locator('pre.language-python .token.keyword').first()).toHaveText('def');
    await expect(await scrollToDiagram(page)).toContainText('乙');
    await expect(page.getByRole('heading', { level: 3, name: '支持的写作功能' })).toHaveCount(0);
    expect(scripts.filter((script) => script.includes('render-markdown'))).toHaveLength(1);
  });

  test('a diagram far down the page is drawn, and Mermaid downloaded, only as the reader nears it', async ({ page, server }) => {
    const filler = Array.from({ length: 80 }, (_, index) => `第 ${index + 1} 段：把图表推到窗口下方很远的地方。`).join('\n\n');
    const id = await createArticle(server, {
      title: '长文末尾的图表',
      content: `${filler}\n\n\`\`\`mermaid\ngraph LR\n  开始 --> 结束\n\`\`\`\n`,
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    // Past the point where an idle browser would have started Mermaid (renderMermaid waits for idle).
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('mermaid-rendering')).toBeAttached();
    expect(scripts.filter((script) => /mermaid/i.test(script))).toEqual([]);

    await expect((await scrollToDiagram(page)).locator('svg')).toBeVisible();
    await expect(page.getByTestId('mermaid-diagram')).toContainText('结束');
    expect(scripts.some((script) => /mermaid/i.test(script))).toBe(true);
  });

  test('a broken diagram says 图表渲染失败; raw HTML in Markdown is shown, not run', async ({ page, server }) => {
    const id = await createArticle(server, {
      title: '坏图表',
      content:
        '<script>window.__ran = 1</script>\n\n<img src="x" onerror="window.__ran = 2">\n\n```mermaid\ngraph TD\n  A -->>>> [[[\n```\n',
    });
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await scrollToDiagram(page);
    await expect(page.getByTestId('mermaid-error')).toContainText('图表渲染失败');
    await expect(page.getByTestId('markdown-body')).toContainText('<script>window.__ran = 1</script>');
    await expect(page.getByTestId('markdown-body').locator('script, img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
  });

  test('posting a comment: validation, sending state, success and the comment in the list', async ({ page, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await expect(page.getByText('暂无评论，快来发表第一条评论吧！')).toBeVisible();
    await expect(page.getByRole('heading', { name: '评论 (0)' })).toBeVisible();
    const submit = page.getByRole('button', { name: '发表评论' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('昵称').fill('   ');
    await page.getByLabel('评论内容').fill('写得很好');
    await expect(submit).toBeDisabled();
    await page.getByLabel('昵称').fill('读者甲');
    await expect(submit).toBeEnabled();

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/articles/${id}/comments`, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await submit.click();
    await expect(page.getByRole('button', { name: '提交中...' })).toBeDisabled();
    release();
    await expect(toast(page, '评论发布成功！')).toBeVisible();
    await expect(page.getByTestId('comment')).toHaveCount(1);
    await expect(page.getByTestId('comment')).toContainText('读者甲');
    await expect(page.getByTestId('comment')).toContainText('写得很好');
    await expect(page.getByRole('heading', { name: '评论 (1)' })).toBeVisible();
    await expect(page.getByLabel('评论内容')).toHaveValue('');
  });

  test('live: a comment posted elsewhere appears without a reload', async ({ page, server, api }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await expect(page.getByTestId('comment')).toHaveCount(0);
    await waitForRealtime(page);
    const posted = await api('POST', `/api/articles/${id}/comments`, {
      json: { author: '别处的读者', email: '', content: '实时评论' },
    });
    expect(posted.status).toBe(201);
    await expect(page.getByTestId('comment')).toContainText('实时评论');
  });

  test('share: native sheet when available, else the link is copied', async ({ page, context, server, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await page.getByRole('button', { name: '分享' }).click();
    await expect(toast(page, '链接已复制到剪贴板')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/articles/huan-ying-lai-dao-folio-wo-de-di-yi-pian-bo-ke`,
    );
  });

  test('the back button returns to the list', async ({ page }) => {
    await routeExternal(page);
    await openPage(page, '/');
    await page.getByRole('link', { name: 'Koa 中间件与优雅停机' }).click();
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: '你好，我是 Folio' })).toBeVisible();
  });

  test('demo mode when the API fails: the sample article 1, commenting disabled', async ({ page }) => {
    await routeExternal(page);
    await openPage(page, '/');
    // An article's detail by id or by slug (server/API.md §E19).
    await page.route(/\/api\/articles\/(slug\/)?[^/?]+/, (route) => route.abort());
    // The seeded welcome article has id 1, the sample's id.
    await page.getByRole('link', { name: WELCOME_TITLE }).click();
    await expect(page).toHaveURL(/\/articles\/huan-ying-lai-dao-folio-wo-de-di-yi-pian-bo-ke$/);
    await expect(page.getByTestId('demo-banner')).toContainText('演示模式');
    await expect(page.getByRole('heading', { level: 1, name: 'React 18 新特性详解' })).toBeVisible();
    await expect(page.getByText('演示模式下无法发表评论')).toBeVisible();
    await expect(page.getByRole('button', { name: '发表评论' })).toBeDisabled();
    await expect(page.getByLabel('昵称')).toBeDisabled();
  });

  test('demo mode for another id says 文章不存在或已被删除', async ({ page }) => {
    await routeExternal(page);
    await openPage(page, '/');
    // An article's detail by id or by slug (server/API.md §E19).
    await page.route(/\/api\/articles\/(slug\/)?[^/?]+/, (route) => route.abort());
    await page.getByRole('link', { name: 'Koa 中间件与优雅停机' }).click();
    await expect(page.getByTestId('not-found')).toContainText('文章不存在或已被删除');
  });

  test('an unknown article or path gets the 404 page with status 404', async ({ page }) => {
    await routeExternal(page);
    const missing = await page.goto('/articles/99999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText('文章不存在或已被删除');
    const unknown = await page.goto('/no/such/page');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText('页面不存在');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
