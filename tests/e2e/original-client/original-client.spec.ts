import type { Page } from '@playwright/test';
import { connectRealtime } from '../../support/test-server.js';
import type { TestServer } from '../../support/test-server.js';
import { pngBytes } from '../admin/admin-helpers.js';
import { expect, test } from '../fixtures.js';

/**
 * The original project's own client, replayed: the calls its public home page and its admin make,
 * with the fields they read (the "Legacy reads" of server/API.md §4 to §15), sent from a real
 * Chromium page so the browser's HTTP cache stands between them and the server, as it does for
 * that client. Its requests are plain `fetch`/XHR with the default cache mode, which is what
 * `browserCall` sends.
 */

type Json = Record<string, unknown>;

interface BrowserAnswer {
  status: number;
  body: Json;
}

interface CallOptions {
  token?: string;
  json?: unknown;
  /** A one-file multipart body, as the original's upload forms send it. */
  file?: { field: string; name: string; type: string; base64: string };
}

/** One request from inside the page, as the original client makes it (default cache mode). */
async function browserCall(page: Page, method: string, path: string, options: CallOptions = {}): Promise<BrowserAnswer> {
  return page.evaluate(
    async ({ method, path, options }) => {
      const headers: Record<string, string> = {};
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let body: BodyInit | undefined;
      if (options.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.json);
      }
      if (options.file) {
        const bytes = Uint8Array.from(atob(options.file.base64), (char) => char.charCodeAt(0));
        const form = new FormData();
        form.append(options.file.field, new Blob([bytes], { type: options.file.type }), options.file.name);
        body = form;
      }
      const response = await fetch(path, { method, headers, body });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, options },
  );
}

/** A page on the server's origin that runs no app code of its own, so only our calls go out. */
async function openBlankPageOnSite(page: Page): Promise<void> {
  await page.goto('/robots.txt');
}

async function signInAsOriginalAdmin(page: Page): Promise<string> {
  const answer = await browserCall(page, 'POST', '/api/admin/login', {
    json: { username: 'admin', password: 'correct horse battery staple' },
  });
  // The original login checks the status, `code` and `token`.
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(0);
  expect(typeof answer.body.token).toBe('string');
  const token = answer.body.token as string;
  const verify = await browserCall(page, 'GET', '/api/admin/verify', { token });
  expect(verify.status).toBe(200);
  expect(verify.body.code).toBe(0);
  return token;
}

function array(value: unknown): Json[] {
  expect(Array.isArray(value)).toBe(true);
  return value as Json[];
}

async function withRealtime<T>(server: TestServer, work: (realtime: Awaited<ReturnType<typeof connectRealtime>>) => Promise<T>) {
  const realtime = await connectRealtime(server.url);
  try {
    return await work(realtime);
  } finally {
    realtime.close();
  }
}

test.use({ serverOptions: { seed: true } });

test('the home page refetches after each live event and sees the change at once, through the browser cache', async ({
  page,
  server,
}) => {
  await openBlankPageOnSite(page);
  const token = await server.login();
  const png = pngBytes().toString('base64');

  // What the original home page reads on load: each list once, so the browser may keep a copy.
  const homeOf = async () => {
    const blocks = array((await browserCall(page, 'GET', '/api/site-blocks')).body.data);
    return blocks.find((block) => block.name === 'home');
  };
  const skillNames = async () => array((await browserCall(page, 'GET', '/api/skills')).body.data).map((skill) => skill.name);
  const contactValues = async () =>
    array((await browserCall(page, 'GET', '/api/contacts')).body.data).map((contact) => contact.value);
  const currentAvatar = async () => {
    const answer = (await browserCall(page, 'GET', '/api/avatars')).body;
    const avatars = array(answer.avatars ?? answer.data);
    return avatars.find((avatar) => avatar.is_current)?.filename;
  };
  const before = {
    home: await homeOf(),
    skills: await skillNames(),
    contacts: await contactValues(),
    avatar: await currentAvatar(),
  };

  await withRealtime(server, async (realtime) => {
    // Each change is made by the owner elsewhere; the page hears the event and refetches.
    await browserCall(page, 'PUT', '/api/admin/site-blocks', {
      token,
      json: { blocks: [{ name: 'home', content: { title: '新的站点标题' } }] },
    });
    await realtime.waitFor('site_block_updated');
    expect((await homeOf())?.title).toBe('新的站点标题');
    expect(before.home?.title).not.toBe('新的站点标题');

    await browserCall(page, 'POST', '/api/admin/skills', { token, json: { name: 'Zig', description: '刚学', level: 30 } });
    await realtime.waitFor('skills_updated');
    expect(await skillNames()).toEqual([...before.skills, 'Zig']);

    await browserCall(page, 'POST', '/api/admin/contacts', { token, json: { type: 'email', value: 'new@example.com' } });
    await realtime.waitFor('contacts_updated');
    expect(await contactValues()).toEqual([...before.contacts, 'new@example.com']);

    const upload = await browserCall(page, 'POST', '/api/admin/avatars', {
      token,
      file: { field: 'file', name: 'me.png', type: 'image/png', base64: png },
    });
    // The original avatar upload checks `code` only, then reads `id` and `url`.
    expect(upload.body.code).toBe(0);
    expect(typeof upload.body.id).toBe('number');
    expect(String(upload.body.url)).toMatch(/^\/uploads\//);
    await realtime.waitFor('avatars_updated');
    const avatar = await currentAvatar();
    expect(avatar).not.toBe(before.avatar);
    expect(String(upload.body.url)).toContain(String(avatar));
  });
});

test('the admin writes articles and comments as it always did, and visitors see them at once', async ({ page }) => {
  await openBlankPageOnSite(page);
  const token = await signInAsOriginalAdmin(page);

  // The public list, read once before, so a stale copy would show.
  const publicTitles = async () => {
    const answer = await browserCall(page, 'GET', '/api/articles?page=1&per_page=9');
    expect(answer.status).toBe(200);
    expect(typeof answer.body.pages).toBe('number');
    return array(answer.body.articles).map((article) => article.title);
  };
  const titlesBefore = await publicTitles();

  // The original create sends the six fields and nothing else, and reads nothing back.
  const created = await browserCall(page, 'POST', '/api/admin/articles', {
    token,
    json: {
      title: '旧客户端写的文章',
      category: '后端开发',
      tags: 'Go, 并发',
      summary: '摘要',
      cover: '',
      content: '# 正文\n\n内容',
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  expect(await publicTitles()).toEqual(['旧客户端写的文章', ...titlesBefore]);

  // The admin table reads `data` as the array and `total` at the top level.
  const adminList = await browserCall(page, 'GET', '/api/admin/articles?page=1&per_page=10', { token });
  expect(array(adminList.body.data)[0]?.title).toBe('旧客户端写的文章');
  expect(adminList.body.total).toBe(titlesBefore.length + 1);

  // Its editor spreads the detail into the form and sends the whole object back on save.
  const detail = await browserCall(page, 'GET', `/api/admin/articles/${id}`, { token });
  expect(detail.body.tags).toBe('Go,并发');
  const saved = await browserCall(page, 'PUT', `/api/admin/articles/${id}`, {
    token,
    json: { ...detail.body, summary: '改过的摘要' },
  });
  expect(saved.status).toBe(200);

  // The public detail is read whole, as the article itself; it counts a view.
  const reading = await browserCall(page, 'GET', `/api/articles/${id}`);
  expect(reading.body).toMatchObject({ id, title: '旧客户端写的文章', summary: '改过的摘要', views: 1 });
  expect(reading.body.tags).toEqual(['Go', '并发']);

  // A visitor's comment, the list the page reads (`data.comments`), and the owner's delete.
  const comment = await browserCall(page, 'POST', `/api/articles/${id}/comments`, {
    json: { author: '张三', email: 'zhang@example.com', content: '写得很好' },
  });
  expect(comment.status).toBe(201);
  const comments = (await browserCall(page, 'GET', `/api/articles/${id}/comments`)).body.data as Json;
  const shown = array(comments.comments);
  expect(shown.map((item) => [item.author, item.content])).toEqual([['张三', '写得很好']]);
  expect(shown[0]).not.toHaveProperty('email');
  const removed = await browserCall(page, 'DELETE', `/api/admin/comments/${comment.body.id as number}`, { token });
  expect(removed.status).toBe(200);
  expect(array(((await browserCall(page, 'GET', `/api/articles/${id}/comments`)).body.data as Json).comments)).toEqual([]);

  // Deleting one article uses the single DELETE; the bin restores it.
  expect((await browserCall(page, 'DELETE', `/api/admin/articles/${id}`, { token })).status).toBe(200);
  expect(await publicTitles()).toEqual(titlesBefore);
  expect((await browserCall(page, 'POST', `/api/admin/recycle-bin/${id}/restore`, { token })).status).toBe(200);
  expect(await publicTitles()).toEqual(['旧客户端写的文章', ...titlesBefore]);

  // Export, then import the same file back: the site is unchanged and the article still public.
  const exported = await browserCall(page, 'GET', '/api/admin/export', { token });
  expect(exported.status).toBe(200);
  const imported = await browserCall(page, 'POST', '/api/admin/import', { token, json: exported.body.data ?? exported.body });
  expect(imported.status).toBe(200);
  expect(await publicTitles()).toEqual(['旧客户端写的文章', ...titlesBefore]);
});
