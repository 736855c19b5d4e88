import type { Page } from '@playwright/test';
import { AdminUiMessages } from '@folio/shared';
import { expect, test } from '../fixtures.js';
import type { TestServer } from '../../support/test-server.js';
import { openSignedIn } from '../admin/admin-helpers.js';
import { routeExternal, scrollToDiagram } from '../public/helpers.js';
import { allPayloads, CANARY, MERMAID_PAYLOADS, URL_PAYLOADS, XSS_PAYLOADS } from './xss-corpus.js';

// Comments are rate-limited per address: each stored comment comes from its own forwarded address.
test.use({ serverOptions: { seed: false, config: { trustProxy: true } } });

interface Stored {
  /** Articles holding one payload each in every field, and the one holding all of them plus the comments. */
  articleIds: number[];
  allId: number;
}

async function call(server: TestServer, token: string, method: string, path: string, body?: unknown, ip?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(ip ? { 'X-Forwarded-For': ip } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; msg: string; data: { id?: number } | null; id?: number };
  // Hostile input is stored or refused with a clear 4xx, never a server error.
  expect(response.status, `${method} ${path}: ${json.msg}`).toBeLessThan(500);
  return { ok: response.ok && json.code === 0, status: response.status, id: json.id ?? json.data?.id };
}

const fits = (text: string, max: number) => text.trim().length > 0 && text.length <= max;

/** Stores the corpus through the real API in every owner field and every visitor field. */
async function storeCorpus(server: TestServer): Promise<Stored> {
  const token = await server.login();
  const all = allPayloads();

  const blocks = await call(server, token, 'PUT', '/api/admin/site-blocks', {
    blocks: [
      { name: 'home', content: { title: all, subtitle: all, author: all, contact_description: all } },
      { name: 'about', content: { education_background: all, hobbies: all, personal_vision: all } },
    ],
  });
  expect(blocks.ok).toBe(true);
  // URL-shaped fields: refused, or stored and then made inert by the pages.
  for (const url of URL_PAYLOADS) {
    await call(server, token, 'PUT', '/api/admin/site-blocks', {
      blocks: [{ name: 'home', content: { github_url: url, github_calendar_url: url } }],
    });
  }

  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const skill = await call(server, token, 'POST', '/api/admin/skills', {
      name: fits(payload, 64) ? payload : `xss-skill-${index}`,
      description: payload,
      level: 50,
    });
    expect(skill.ok, `skill ${payload}`).toBe(true);
    if (fits(payload, 128)) {
      const contact = await call(server, token, 'POST', '/api/admin/contacts', { type: 'other', value: payload });
      expect(contact.ok, `contact ${payload}`).toBe(true);
    }
    // The type is a closed pattern: a payload there is refused.
    expect((await call(server, token, 'POST', '/api/admin/contacts', { type: payload, value: 'x' })).status).toBe(400);
  }

  const articleIds: number[] = [];
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const fields = {
      title: fits(payload, 128) ? payload : `xss-article-${index}`,
      content: `xss-article-${index}\n\n${payload}`,
      summary: payload,
      category: fits(payload, 64) && !payload.includes(',') ? payload : '',
      tags: fits(payload, 32) && !payload.includes(',') ? [payload, 'xss'] : ['xss'],
    };
    let created = await call(server, token, 'POST', '/api/admin/articles', fields);
    // A category or tag the server's rules refuse: keep the payload in the other fields.
    if (!created.ok)
      created = await call(server, token, 'POST', '/api/admin/articles', { ...fields, category: '', tags: ['xss'] });
    expect(created.ok, `article ${payload}`).toBe(true);
    articleIds.push(created.id ?? -1);
  }
  for (const [index, url] of URL_PAYLOADS.entries()) {
    await call(server, token, 'PUT', `/api/admin/articles/${articleIds[index]}`, { cover: url });
  }

  const allArticle = await call(server, token, 'POST', '/api/admin/articles', {
    title: 'xss-all 全部载荷',
    content: allPayloads(MERMAID_PAYLOADS),
    summary: all.slice(0, 1000),
    tags: ['xss'],
  });
  expect(allArticle.ok).toBe(true);
  const allId = allArticle.id ?? -1;

  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const ip = `10.9.${Math.floor(index / 200)}.${(index % 200) + 1}`;
    const comment = { author: fits(payload, 50) ? payload : `xss-visitor-${index}`, content: payload };
    const withEmail = await call(server, '', 'POST', `/api/articles/${allId}/comments`, { ...comment, email: payload }, ip);
    if (!withEmail.ok) {
      expect(withEmail.status).toBe(400);
      const plain = await call(
        server,
        '',
        'POST',
        `/api/articles/${allId}/comments`,
        { ...comment, email: 'xss@example.com' },
        ip,
      );
      expect(plain.ok, `comment ${payload}`).toBe(true);
    }
  }

  // One article with payloads sits in the recycle bin.
  const binned = await call(server, token, 'POST', '/api/admin/articles', {
    title: '<img src=x onerror=window.__xss=1>回收站',
    content: all,
    summary: all.slice(0, 1000),
  });
  expect(binned.ok).toBe(true);
  expect((await call(server, token, 'DELETE', `/api/admin/articles/${binned.id}`)).ok).toBe(true);
  return { articleIds, allId };
}

/** Fails the test on any dialog (alert, confirm, prompt) a payload opens. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** Everything a payload could have left in the live DOM that would run or restyle the page. */
async function injected(page: Page): Promise<string[]> {
  return page.evaluate((canary) => {
    const found: string[] = [];
    const describe = (element: Element) => element.outerHTML.slice(0, 160);
    if ((window as unknown as Record<string, unknown>)[canary] !== undefined) found.push(`window.${canary} was set`);
    for (const element of document.querySelectorAll('iframe, object, embed, base, frame, frameset, applet, portal')) {
      found.push(`element: ${describe(element)}`);
    }
    for (const element of document.querySelectorAll('meta[http-equiv]')) found.push(`meta: ${describe(element)}`);
    for (const script of document.querySelectorAll('script')) {
      // JSON data blocks (the page snapshot, JSON-LD) never run; any other script must be Folio's bundle.
      const dataBlock = /^application\/(ld\+)?json$/.test(script.type);
      const bundle = /^\/assets\//.test(script.getAttribute('src') ?? '') && !/xss/i.test(script.textContent ?? '');
      if (!dataBlock && !bundle) found.push(`script: ${describe(script)}`);
    }
    for (const style of document.querySelectorAll('style')) {
      if (/xss/i.test(style.textContent ?? '')) found.push(`style: ${describe(style)}`);
    }
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        // Browsers ignore whitespace and control characters inside a URL scheme.
        const value = attribute.value
          .replace(/\s+/g, '')
          .replace(/\p{Cc}+/gu, '')
          .toLowerCase();
        if (name.startsWith('on')) found.push(`handler ${name}: ${describe(element)}`);
        if (name === 'style' && value.includes('xss')) found.push(`style attribute: ${describe(element)}`);
        if (
          /(^|:)(href|src|action|formaction|data|srcdoc|xlink:href)$/.test(name) &&
          /^(javascript|vbscript|data:text\/html)/.test(value)
        ) {
          found.push(`${name}=${attribute.value.slice(0, 60)}: ${describe(element)}`);
        }
        if ((name === 'href' || name === 'xlink:href') && value.startsWith('data:'))
          found.push(`data link: ${describe(element)}`);
      }
    }
    return found;
  }, CANARY);
}

/** Lets late work happen (lazy images, Mermaid, autofocus) before looking. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function expectClean(page: Page, where: string, dialogs: string[], url: string): Promise<void> {
  await settle(page);
  // Soft: one run reports every page where something survived, not just the first.
  expect.soft(await injected(page), where).toEqual([]);
  expect.soft(dialogs, where).toEqual([]);
  // A surviving <meta refresh> or <base> would have moved the page elsewhere.
  expect.soft(page.url(), where).toBe(url);
}

test.describe('stored XSS corpus', () => {
  test.setTimeout(300_000);

  test('public pages: nothing from the corpus runs, opens a dialog or survives in the DOM', async ({ page, server }) => {
    const { articleIds, allId } = await storeCorpus(server);
    const dialogs = watchDialogs(page);
    await routeExternal(page);

    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Scroll through so every lazy image (calendar, covers) is asked for.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
    await expectClean(page, '/', dialogs, `${server.url}/`);

    // The article list with a search that matches every payload article.
    const search = page
      .getByRole('searchbox', { name: '搜索文章标题、标签或内容' })
      .or(page.getByLabel('搜索文章标题、标签或内容'));
    await search.first().fill('xss');
    await search.first().press('Enter');
    await expect(page.getByTestId('article-card').first()).toBeVisible();
    await expectClean(page, '/ with search', dialogs, page.url());

    for (const id of [allId, ...articleIds]) {
      // An article's page lives at its slug address; its id address answers 301 there (server/API.md §E19).
      const detail = (await (await fetch(`${server.url}/api/articles/${id}`)).json()) as { data: { slug: string } };
      const address = `/articles/${detail.data.slug}`;
      await page.goto(address);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // The comments (all on this article) are on screen before looking.
      if (id === allId) await expect(page.getByText(/xss-visitor-\d+/).first()).toBeVisible();
      await expectClean(page, address, dialogs, `${server.url}${address}`);
    }
  });

  test('admin screens: nothing from the corpus runs, opens a dialog or survives in the DOM', async ({ page, server }) => {
    const { allId } = await storeCorpus(server);
    const dialogs = watchDialogs(page);
    await routeExternal(page);
    await openSignedIn(page, server, '/admin');
    await expectClean(page, '/admin', dialogs, `${server.url}/admin`);

    for (const path of [
      'content',
      'skills',
      'contacts',
      'avatars',
      'articles',
      'comments',
      'data',
      'articles?view=recycle-bin',
    ]) {
      await page.goto(`/admin/${path}`);
      // The auth guard verifies the token first; that can take a while on a busy machine.
      await expect(page.getByRole('heading', { name: '管理后台', exact: true })).toBeVisible({ timeout: 60_000 });
      await expectClean(page, `/admin/${path}`, dialogs, `${server.url}/admin/${path}`);
    }

    // The editor with its preview, for the article that holds every payload and the diagrams.
    // The full-page editor has its own header (编辑文章), not the admin shell's.
    await page.goto(`/admin/articles/${allId}/edit`);
    await expect(page.getByRole('heading', { name: AdminUiMessages.editArticle, exact: true })).toBeVisible({ timeout: 60_000 });
    const preview = page.getByRole('region', { name: '预览' });
    await expect(preview).toContainText('xss-js-link');
    await expect((await scrollToDiagram(preview)).first()).toBeAttached();
    await expectClean(page, `/admin/articles/${allId}/edit`, dialogs, `${server.url}/admin/articles/${allId}/edit`);
  });
});
