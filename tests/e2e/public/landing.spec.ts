import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import {
  adminCall,
  articlePathByTitle,
  createArticle,
  openPage,
  renderedMarkup,
  routeExternal,
  scrollToDiagram,
  toast,
  waitForRealtime,
} from './helpers.js';

test.describe('landing page', () => {
  test('the server-rendered HTML of / holds every section and the meta tags', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>你好，我是 Folio');
    expect(html).toContain('<meta name="description" content="全栈开发者');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"/);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:card" content="summary"');
    // Styled from the first paint: the theme and the app's stylesheet are inline, not a link to wait for.
    expect(html).toMatch(/<style>(?:(?!<\/style>)[\s\S])*--colorNeutralForeground1:/);
    expect(html).not.toContain('rel="stylesheet"');
    for (const text of [
      '关于我',
      '计算机科学与技术专业本科',
      'TypeScript',
      'hello@example.com',
      '欢迎来到 Folio：我的第一篇博客',
    ]) {
      expect(html).toContain(text);
    }
    // No Markdown or diagram code on the landing page.
    expect(html).not.toContain('article-page');
  });

  test('top-bar links scroll to their section and the active link follows the scroll', async ({ page }) => {
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByTestId('home-calendar')).toHaveAttribute('data-loaded', 'true');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'location');
    await expect(page.locator('header')).toHaveAttribute('data-scrolled', 'false');

    await nav.getByRole('link', { name: '技能' }).click();
    await expect(nav.getByRole('link', { name: '技能' })).toHaveAttribute('aria-current', 'location');
    await expect.poll(async () => Math.round((await page.locator('#skills').boundingBox())?.y ?? -1)).toBe(70);
    await expect(page.locator('header')).toHaveAttribute('data-scrolled', 'true');

    await page.evaluate(() => document.getElementById('projects')?.scrollIntoView());
    await expect(nav.getByRole('link', { name: '项目' })).toHaveAttribute('aria-current', 'location');
    await expect(nav.getByRole('link', { name: '技能' })).not.toHaveAttribute('aria-current', 'location');
  });

  test('on a phone the links fold into a menu that closes after a choice', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await routeExternal(page);
    await openPage(page, '/');
    // The calendar arrives 1 s after the page; let it settle so it cannot shift the target.
    await expect(page.getByTestId('home-calendar')).toHaveAttribute('data-loaded', 'true');
    const contactLink = page.getByRole('link', { name: '联系方式' });
    await expect(contactLink).toBeHidden();
    const toggle = page.getByRole('button', { name: '打开菜单' });
    await toggle.click();
    await expect(page.getByRole('button', { name: '关闭菜单' })).toHaveAttribute('aria-expanded', 'true');
    await contactLink.click();
    await expect(contactLink).toBeHidden();
    await expect(page.getByRole('button', { name: '打开菜单' })).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => Math.round((await page.locator('#contact').boundingBox())?.y ?? -1)).toBe(70);
  });

  test('home shows the default avatar without one, and the calendar image loads once visible', async ({ page }) => {
    const requested = await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: '你好，我是 Folio' })).toBeVisible();
    await expect(page.getByText('全栈开发者 · 开源爱好者 · 写代码也写文章')).toBeVisible();
    await expect(page.getByRole('link', { name: 'GitHub 主页' })).toHaveAttribute('href', 'https://github.com/octocat');
    const avatar = page.getByTestId('home-avatar');
    await expect(avatar).toHaveAttribute('src', '/default-avatar.svg');
    await expect(avatar).toHaveAttribute('alt', /头像/);
    const calendar = page.getByTestId('home-calendar');
    await expect(calendar).toHaveAttribute('data-loaded', 'true');
    await expect(calendar).toHaveAttribute('src', 'https://ghchart.rshah.org/octocat');
    expect(requested).toContain('https://ghchart.rshah.org/octocat');
  });

  test('the calendar is requested 1 s after the page, without waiting for the main script', async ({ page }) => {
    const requested = await routeExternal(page);
    // The main script is held back until the calendar has been asked for: the image must not
    // depend on it (it is the landing page's largest element), nor come before its 1 s delay.
    let releaseMain = () => {};
    const mainHeld = new Promise<void>((resolve) => (releaseMain = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await mainHeld;
      await route.continue();
    });
    const calendarRequest = page.waitForRequest(/ghchart/);
    await page.goto('/', { waitUntil: 'commit' });
    await calendarRequest;
    // When the parser was done (the earliest the image can be seen) and a time no earlier than the request.
    const { parsedAt, requestedAt } = await page.evaluate(() => ({
      parsedAt: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
      requestedAt: performance.now(),
    }));
    expect(requestedAt - parsedAt).toBeGreaterThanOrEqual(1000);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await expect(page.getByTestId('home-calendar')).toHaveAttribute('src', 'https://ghchart.rshah.org/octocat');
    releaseMain();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByTestId('home-calendar')).toHaveAttribute('data-loaded', 'true');
    expect(requested.filter((url) => url.includes('ghchart'))).toHaveLength(1);
  });

  test('a calendar below the fold is not requested until scrolled into view', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 300 });
    const requested = await routeExternal(page);
    await openPage(page, '/');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.includes('ghchart'))).toHaveLength(0);
    await page.getByTestId('home-calendar').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('home-calendar')).toHaveAttribute('data-loaded', 'true');
    expect(requested.filter((url) => url.includes('ghchart'))).toHaveLength(1);
  });

  test('skills show a level bar and contacts copy their value on click', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByRole('progressbar', { name: 'TypeScript 熟练度' })).toHaveAttribute('aria-valuenow', '0.9');
    await expect(page.getByTestId('skill-card')).toHaveCount(4);

    const email = page.getByTestId('contact-item').filter({ hasText: 'hello@example.com' });
    await expect(email).toHaveAttribute('data-type', 'email');
    await email.click();
    await expect(toast(page, '已复制到剪贴板')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('hello@example.com');
    await expect(toast(page, '已复制到剪贴板')).toBeHidden({ timeout: 5000 });
  });

  test('a contact of an unknown type gets the other icon', async ({ page, server }) => {
    await adminCall(server, 'POST', '/api/admin/contacts', { type: 'telegram', value: '@folio' });
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByTestId('contact-item').filter({ hasText: '@folio' })).toHaveAttribute('data-type', 'other');
  });

  test('about HTML with a script or an onerror handler never runs', async ({ page, server, request }) => {
    const hostile =
      '<p>爱好安全</p><img src="/nope.png" alt="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>';
    await adminCall(server, 'PUT', '/api/admin/site-blocks', { blocks: [{ name: 'about', content: { hobbies: hostile } }] });
    const html = renderedMarkup(await (await request.get('/')).text());
    expect(html).toContain('爱好安全');
    expect(html).not.toContain('window.__pwned = 2</script>');
    expect(html).not.toContain('onerror=');

    await routeExternal(page);
    await openPage(page, '/');
    const hobbies = page.getByTestId('about-hobbies');
    await expect(hobbies.getByText('爱好安全')).toBeVisible();
    await expect(hobbies.locator('img')).not.toHaveAttribute('onerror', /.*/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('owner HTML that arrives live, after the page is usable, is sanitised in the browser too', async ({ page, server }) => {
    // An article whose diagram no admin has drawn: the reader's browser draws it with Mermaid below.
    await createArticle(server, { title: '浏览器里画的图表', content: '```mermaid\ngraph LR\n  甲 --> 乙\n```\n' });
    const diagramArticle = await articlePathByTitle(server, '浏览器里画的图表');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await routeExternal(page);
    await openPage(page, '/');
    await waitForRealtime(page);
    // The first paint used the server's sanitised copy: no browser sanitiser was needed.
    expect(scripts.filter((path) => /purify|sanitize-html/i.test(path))).toEqual([]);

    const hostile =
      '<p>实时更新</p><img src="/nope.png" alt="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' +
      '<a href="javascript:window.__pwned = 3">链接</a>';
    await adminCall(server, 'PUT', '/api/admin/site-blocks', {
      blocks: [
        { name: 'about', content: { hobbies: hostile } },
        { name: 'home', content: { contact_description: `<p>联系说明</p>${hostile}` } },
      ],
    });
    const hobbies = page.getByTestId('about-hobbies');
    await expect(hobbies.getByText('实时更新')).toBeVisible();
    await expect(page.locator('#contact').getByText('联系说明')).toBeVisible();
    for (const section of [hobbies, page.locator('#contact')]) {
      await expect(section.locator('script')).toHaveCount(0);
      await expect(section.locator('img')).not.toHaveAttribute('onerror', /.*/);
      await expect(section.getByText('链接')).not.toHaveAttribute('href', /javascript:/i);
    }
    await clickLiveLink(page);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(scripts.some((path) => /purify/i.test(path))).toBe(true);

    // The sanitiser's rules stay its own: Mermaid cleans each diagram it draws with DOMPurify too,
    // and a diagram drawn after owner HTML was cleaned keeps the attributes it is drawn with.
    // The card links to the article's slug address (server/API.md §E19).
    await page.locator(`a[href="${diagramArticle}"]`).first().click();
    await expect(page).toHaveURL(new URL(diagramArticle, page.url()).href);
    const svg = (await scrollToDiagram(page)).locator('svg');
    await expect(svg).toHaveAttribute('viewBox', /^[\d.-]+ [\d.-]+ [\d.]+ [\d.]+$/);
    await expect(svg.locator('path[d]').first()).toBeAttached();
  });
});

/** Clicks the live-updated link: a `javascript:` URL that survived would run here. */
async function clickLiveLink(page: Page): Promise<void> {
  await page.getByTestId('about-hobbies').getByText('链接').click();
  await page.waitForLoadState('networkidle');
}

/** Collects the paths of scripts the page loads and any error it logs or throws. */
function recordScriptsAndErrors(page: Page): { scripts: string[]; errors: string[] } {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { scripts, errors };
}

test.describe('what the landing page loads', () => {
  test('no Markdown, Prism or Mermaid code, no admin code, and hydration without errors', async ({ page }) => {
    const { scripts, errors } = recordScriptsAndErrors(page);
    await routeExternal(page);
    await openPage(page, '/');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /article-page|mermaid|markdown|prism|browser-admin|admin-app/i.test(path))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the first paint waits for no script of the app: its main script is fetched once the page is painted', async ({
    browser,
    server,
  }) => {
    for (const path of ['/', '/articles/1']) {
      // A page of its own for each: a navigation from another page of the site holds the old paint.
      const page = await browser.newPage({ baseURL: server.url });
      await routeExternal(page);
      await openPage(page, path);
      const timings = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const mainEntry = document.querySelector<HTMLScriptElement>('script[data-main-entry]')?.dataset.mainEntry ?? '';
        const main = performance.getEntriesByName(new URL(mainEntry, location.href).href)[0];
        return { paint: paint?.startTime, main: main?.startTime };
      });
      expect(timings.paint, path).toBeGreaterThan(0);
      expect(timings.main, path).toBeGreaterThan(timings.paint ?? Infinity);
      // Nothing in the HTML makes the browser fetch it early: one small script names it.
      const html = await (await page.request.get(path)).text();
      expect(html.match(/<script type="module"[^>]*>/g), path).toEqual([
        expect.stringMatching(/src="\/assets\/page-start-[\w-]+\.js" data-main-entry="\/assets\/index-[\w-]+\.js"/),
      ]);
      expect(html, path).not.toContain('modulepreload');
      await page.close();
    }
  });

  test('an article page loads its Markdown chunk and hydrates without errors', async ({ page }) => {
    const { scripts, errors } = recordScriptsAndErrors(page);
    await routeExternal(page);
    await openPage(page, '/articles/1');
    // The sample's diagram comes drawn: an image, not Mermaid.
    await expect((await scrollToDiagram(page)).getByTestId('mermaid-image')).toBeVisible();
    expect(scripts.some((path) => path.includes('article-page'))).toBe(true);
    expect(errors).toEqual([]);
  });

  test('an article page loads no grammar when it hydrates, and only its own when the browser renders it', async ({
    page,
    server,
  }) => {
    const id = await createArticle(server, {
      title: '只有 Rust 代码',
      content: '正文\n\n```rust\nfn main() { println!("你好"); }\n```\n\n```brainfuck\n+[>+<-]\n```\n',
    });
    const { scripts, errors } = recordScriptsAndErrors(page);
    const html = renderedMarkup(await (await page.request.get(`/articles/${id}`)).text());
    expect(html).toMatch(/<span class="token keyword">fn<\/span>/);
    await routeExternal(page);
    const body = page.getByTestId('markdown-body');
    // Grammar chunks are named prism-<language>-<hash>.js; prism-highlight-… is the highlighter.
    const grammars = () => scripts.flatMap((path) => /\/prism-(?!highlight-)([a-z]+)-/.exec(path)?.[1] ?? []);

    // Server-rendered: hydration keeps the highlighted body as it is.
    await openPage(page, `/articles/${id}`);
    await expect(body.locator('code.language-rust .token.keyword').first()).toHaveText('fn');
    expect(grammars()).toEqual([]);

    // Reached by a link inside the app, the browser renders the body, with the one grammar it uses.
    await openPage(page, '/');
    await page.locator('a[href="/articles/zhi-you-rust-dai-ma"]').first().click();
    await expect(body.locator('code.language-rust .token.keyword').first()).toHaveText('fn');
    // An unknown language stays plain, escaped text.
    await expect(body.locator('code.language-brainfuck')).toHaveText('+[>+<-]');
    expect(grammars()).toEqual(['rust']);
    expect(errors).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered landing page is styled by its inline stylesheet, light and dark', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    // The top bar's layout comes from its CSS module, its colours from the theme's variables.
    await expect(header).toHaveCSS('position', 'fixed');
    await expect(header).toHaveCSS('height', '64px');
    await expect(page.locator('.folio-public')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('.folio-public')).toHaveCSS('background-color', 'rgb(41, 41, 41)');
    await expect(header).toHaveCSS('background-color', 'rgb(41, 41, 41)');
  });
});
