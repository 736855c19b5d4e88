import type { Locator, Page } from '@playwright/test';
import type { TestServer } from '../../support/test-server.js';

export { SAMPLE_REPOS, repoJson } from '../../support/fake-code-host.js';
export type { FakeRepo } from '../../support/fake-code-host.js';

/**
 * Keeps the browser off the internet: the calendar image gets a small picture and every other
 * external URL a 404. The code host is not among them: the server asks it, and the fixtures point
 * the server at a loopback one (the `codeHost` fixture). Returns the URLs asked for.
 */
export async function routeExternal(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    async (route) => {
      const url = route.request().url();
      requested.push(url);
      if (/ghchart|calendar/.test(url)) return route.fulfill({ contentType: 'image/svg+xml', body: CALENDAR_SVG });
      return route.fulfill({ status: 404, body: '' });
    },
  );
  return requested;
}

/** Shaped like the real contribution chart (663 × 104). */
const CALENDAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="663" height="104"><rect width="663" height="104" fill="#9be9a8"/></svg>';

/** An admin call with a fresh token; throws unless it succeeds. */
export async function adminCall<T = unknown>(server: TestServer, method: string, path: string, json?: unknown): Promise<T> {
  const token = await server.login();
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (!response.ok || body.code !== 0) throw new Error(`${method} ${path} failed: ${response.status} ${body.msg}`);
  return body.data;
}

/** Creates an article through the admin API and returns its id. */
export async function createArticle(
  server: TestServer,
  fields: { title: string; content: string; category?: string; tags?: string; summary?: string; cover?: string },
): Promise<number> {
  const data = await adminCall<{ id: number }>(server, 'POST', '/api/admin/articles', fields);
  return data.id;
}

/** The seeded sample article with a code block and a Mermaid diagram. */
/**
 * A desktop Chrome's User-Agent. Headless Chromium names itself HeadlessChrome, which the page-view
 * counting rightly takes for a bot (server/API.md §E23.1): a test that wants a reader's view counted
 * presents this one.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export const WELCOME_TITLE = '欢迎来到 Folio：我的第一篇博客';

async function articleByTitle(server: TestServer, title: string): Promise<{ id: number; slug: string }> {
  const response = await fetch(`${server.url}/api/articles?search=${encodeURIComponent(title)}`);
  const body = (await response.json()) as { articles: { id: number; slug: string; title: string }[] };
  const found = body.articles.find((article) => article.title === title);
  if (!found) throw new Error(`no article titled ${title}`);
  return found;
}

export async function articleIdByTitle(server: TestServer, title: string): Promise<number> {
  return (await articleByTitle(server, title)).id;
}

/** The path of an article's page: its slug address (server/API.md §E19). */
export async function articlePathByTitle(server: TestServer, title: string): Promise<string> {
  return `/articles/${(await articleByTitle(server, title)).slug}`;
}

/** A snackbar (Fluent toast) with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.fui-Toast').filter({ hasText: text });
}

/** Server-rendered HTML without the JSON snapshot (which carries the raw data, inert). */
export function renderedMarkup(html: string): string {
  return html.replace(/<script type="application\/json" id="folio-snapshot">[\s\S]*?<\/script>/, '');
}

/** Opens a page and waits until React has hydrated it (clicks before that would be lost). */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Mermaid draws a diagram only as it nears the window: scrolls the first diagram of `scope` (a
 * page or a region of it) there and returns the drawn figures.
 */
export async function scrollToDiagram(scope: Page | Locator): Promise<Locator> {
  await scope.locator('[data-mermaid-code]').first().scrollIntoViewIfNeeded();
  return scope.getByTestId('mermaid-diagram');
}

/** Waits until the page's Socket.IO connection is up, so no realtime event can be missed. */
export async function waitForRealtime(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');
}
