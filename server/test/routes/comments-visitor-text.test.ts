import { describe, expect, it } from 'vitest';
import { apiClient, login, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { backupArticle } from '../fixtures/backup.js';
import { createArticle, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let api: Api;
let token: string;

useArticleServer((started) => ({ api, token } = started), {
  config: { commentRateLimits: { perMinute: 10_000, perHour: 10_000 } },
});

type Listed = { author: string; content: string }[];

async function listedComments(articleId: number): Promise<Listed> {
  const list = await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`);
  return (list.body.data as { comments: Listed }).comments;
}

async function setSiteAuthor(author: string): Promise<void> {
  const response = await api('PUT', '/api/admin/site-blocks', {
    token,
    json: { blocks: [{ name: 'home', content: { author } }] },
  });
  expect(response.status).toBe(200);
}

async function expectReserved(articleId: number, author: string, shown: string): Promise<void> {
  const response = await postComment(api, articleId, { author });
  expect(response.status, author).toBe(400);
  expect(response.body).toMatchObject({
    code: 1,
    msg: `昵称“${shown}”为博主保留，请换一个`,
    error: 'validation_failed',
    data: { errors: [{ field: 'author', msg: `昵称“${shown}”为博主保留，请换一个` }] },
  });
}

describe('nicknames keep no invisible character', () => {
  it('removes bidi controls, zero-width characters and tag characters, so the stored name is the one shown', async () => {
    const articleId = await createArticle(api, token);
    const disguised = 'a\u202Ab\u202Ec\u2066d\u2069e\u200Ef\u200Fg\u061Ch\u200Bi\u200Cj\u200Dk\u2060l\uFEFFm\u{E0041}\u{E007F}n';
    const response = await postComment(api, articleId, { author: disguised });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ author: 'abcdefghijklmn' });
    // U+202E showed `nimda` as `admin`; without it the name reads as what it is.
    expect((await postComment(api, articleId, { author: '\u202Enimda' })).body.data).toMatchObject({ author: 'nimda' });
    expect((await listedComments(articleId)).map((comment) => comment.author)).toEqual(['nimda', 'abcdefghijklmn']);
  });

  it('refuses a nickname made only of invisible characters as empty, storing nothing', async () => {
    const articleId = await createArticle(api, token);
    const response = await postComment(api, articleId, { author: '\u200B\u202E\u2060\uFEFF\u3164' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('昵称和评论内容不能为空');
    expect(await listedComments(articleId)).toEqual([]);
  });
});

describe('comment bodies keep no character that reorders or hides text', () => {
  it('removes bidi embeddings, overrides and isolates and stray tag characters, keeping emoji sequences and marks', async () => {
    const articleId = await createArticle(api, token);
    const family = '👨\u200D👩\u200D👧';
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    const response = await postComment(api, articleId, {
      content: `\u202E好文\u202C ${family} ${scotland} 看\u{E0068}\u{E0069}这\u2067里\u2069 עברית\u200F!`,
    });
    expect(response.status).toBe(201);
    const expected = `好文 ${family} ${scotland} 看这里 עברית\u200F!`;
    expect(response.body.data).toMatchObject({ content: expected });
    expect((await listedComments(articleId))[0]?.content).toBe(expected);
  });
});

describe("the owner's names are reserved", () => {
  it('refuses 博主, 站长, 作者, admin, administrator and owner in any width, case, spacing or punctuation', async () => {
    const articleId = await createArticle(api, token);
    const cases: [string, string][] = [
      ['博主', '博主'],
      [' 站 长 ', '站 长'],
      ['【作者】', '【作者】'],
      ['ADMIN', 'ADMIN'],
      ['Ａｄｍｉｎ', 'Ａｄｍｉｎ'],
      ['Administrator', 'Administrator'],
      ['owner!', 'owner!'],
      ['ad\u200Bmin', 'admin'],
      ['★管理员★', '★管理员★'],
    ];
    for (const [author, shown] of cases) await expectReserved(articleId, author, shown);
    expect(await listedComments(articleId)).toEqual([]);
  });

  it("refuses the site's author name as the owner set it, tags and spacing aside, alone or within a nickname", async () => {
    const articleId = await createArticle(api, token);
    await setSiteAuthor('<b>张 小明</b>');
    try {
      await expectReserved(articleId, '张小明', '张小明');
      await expectReserved(articleId, '张·小明', '张·小明');
      // A nickname that holds the author's name reads as the owner's too.
      await expectReserved(articleId, '张小明的读者', '张小明的读者');
      expect((await postComment(api, articleId, { author: '小明的读者' })).status).toBe(201);
    } finally {
      await setSiteAuthor('');
    }
  });

  it('accepts names that only contain a reserved word, and names with nothing to compare while no author is set', async () => {
    const articleId = await createArticle(api, token);
    for (const author of ['博主的粉丝', 'admin2', '😀', '~~~']) {
      expect((await postComment(api, articleId, { author })).status, author).toBe(201);
    }
  });

  it('leaves comments stored before the rule alone, but never shows their invisible characters', async () => {
    const fresh = await startTestServer();
    try {
      const freshApi = apiClient(fresh.url);
      const imported = await freshApi('POST', '/api/admin/import', {
        token: await fresh.login(),
        json: {
          version: 2,
          articles: [backupArticle(1)],
          comments: [
            { id: 1, article_id: 1, author: '博主', content: '旧的回复' },
            { id: 2, article_id: 1, author: '\u202Enimda', content: '\u202E旧的评论\u{E0041}' },
          ],
        },
      });
      expect(imported.status).toBe(200);
      const list = await freshApi<EnvelopeBody>('GET', '/api/articles/1/comments');
      expect((list.body.data as { comments: Listed }).comments).toEqual([
        expect.objectContaining({ author: 'nimda', content: '旧的评论' }),
        expect.objectContaining({ author: '博主', content: '旧的回复' }),
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe('the admin username is reserved and cannot be probed freely', () => {
  it('refuses the configured admin username, and each such refusal uses up a post of the rate limit', async () => {
    const owned = await startTestServer({
      config: { adminUsername: 'folio-keeper', commentRateLimits: { perMinute: 3, perHour: 30 } },
    });
    try {
      const ownedApi = apiClient(owned.url);
      const articleId = await createArticle(ownedApi, await login(owned.url, { username: 'folio-keeper' }));
      // Other refusals give their point back; the three below do not.
      expect((await postComment(ownedApi, articleId, { content: '' })).status).toBe(400);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const refused = await postComment(ownedApi, articleId, { author: 'Folio-Keeper' });
        expect(refused.status).toBe(400);
        expect(refused.body.msg).toBe('昵称“Folio-Keeper”为博主保留，请换一个');
      }
      expect((await postComment(ownedApi, articleId, { author: '读者' })).status).toBe(429);
    } finally {
      await owned.close();
    }
  });
});
