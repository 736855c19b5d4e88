import { describe, expect, it } from 'vitest';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { createArticle, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

/**
 * A blocked word is matched on what the text reads as (server/API.md §E12): width, case,
 * invisible characters and look-alike letters of other scripts do not get it past the list, and
 * no invisible character is stored inside a word. The owner's names are read the same way.
 */

let api: Api;
let token: string;

useArticleServer((started) => ({ api, token } = started), {
  config: { commentRateLimits: { perMinute: 10_000, perHour: 10_000 } },
});

const NONE = { moderation: 'none', blocked_words: [], blocked_addresses: [] };
const putSettings = (json: unknown) => api<EnvelopeBody>('PUT', '/api/admin/settings/comments', { token, json });

/** Every default-ignorable code point (see `readingKey` in shared/). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;

/** `casino` and `赌博` written past a plain `includes`, each the way a spammer writes it. */
const DISGUISED: [string, string][] = [
  ['zero-width space', 'cas\u200Bino'],
  ['full width', 'ｃａｓｉｎｏ'],
  ['soft hyphens', 'ca\u00ADsi\u00ADno'],
  ['word joiner', 'casi\u2060no'],
  ['byte-order mark', 'c\uFEFFasino'],
  ['combining grapheme joiner', 'cas\u034Fino'],
  ['variation selector and tag', 'casi\uFE0Fn\u{E0041}o'],
  ['mathematical bold', '\u{1D41C}\u{1D41A}\u{1D42C}\u{1D422}\u{1D427}\u{1D428}'],
  ['circled', '\u24D2\u24D0\u24E2\u24D8\u24DD\u24DE'],
  ['negative circled capitals', '\u{1F152}\u{1F150}\u{1F162}\u{1F158}\u{1F15D}\u{1F15E}'],
  ['Cyrillic look-alikes', '\u0441\u0430\u0455\u0456n\u043E'],
  ['Greek capitals', 'CASI\u039D\u039F'],
  ['Chinese with a zero-width space', '赌\u200B博'],
];

interface AdminComment {
  author: string;
  content: string;
  status: string;
}

async function adminComments(articleId: number): Promise<AdminComment[]> {
  const list = await api<EnvelopeBody>('GET', `/api/admin/comments?article_id=${articleId}&per_page=100`, { token });
  return (list.body.data as { comments: AdminComment[] }).comments;
}

describe('blocked words read through disguises', () => {
  it('hold every disguised spelling of a blocked word, in the text or the nickname, and store no invisible character', async () => {
    expect((await putSettings({ ...NONE, blocked_words: ['Casino', '赌博'] })).status).toBe(200);
    try {
      const articleId = await createArticle(api, token);
      for (const [how, word] of DISGUISED) {
        const inText = await postComment(api, articleId, { content: `来玩 ${word} 吧` });
        expect([how, inText.status, inText.body.data]).toEqual([how, 201, expect.objectContaining({ status: 'pending' })]);
        const inName = await postComment(api, articleId, { author: `${word}大王`, content: '你好' });
        expect([how, inName.status, inName.body.data]).toEqual([how, 201, expect.objectContaining({ status: 'pending' })]);
      }
      const stored = await adminComments(articleId);
      expect(stored).toHaveLength(DISGUISED.length * 2);
      for (const comment of stored) {
        expect(INVISIBLE.test(comment.author), JSON.stringify(comment.author)).toBe(false);
        expect(INVISIBLE.test(comment.content), JSON.stringify(comment.content)).toBe(false);
      }
      expect(stored.map((comment) => comment.content)).toContain('来玩 casino 吧');
      expect(stored.map((comment) => comment.content)).toContain('来玩 赌博 吧');
      // Words that only share letters with a blocked one go through.
      const innocent = await postComment(api, articleId, { content: 'Casablanca 的赌约' });
      expect(innocent.body.data).toMatchObject({ status: 'published' });
    } finally {
      await putSettings(NONE);
    }
  });

  it('keep the invisible characters that draw something: emoji sequences, glyph variants and Persian joiners', async () => {
    const articleId = await createArticle(api, token);
    const content = '❤\uFE0F 👩\u200D💻 葛\u{E0100} می\u200Cخواهم';
    const response = await postComment(api, articleId, { content: `${content}\u200B` });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ content });
  });
});

describe('nicknames that imitate the owner', () => {
  async function setSiteAuthor(author: string): Promise<void> {
    const response = await api('PUT', '/api/admin/site-blocks', {
      token,
      json: { blocks: [{ name: 'home', content: { author } }] },
    });
    expect(response.status).toBe(200);
  }

  it('are refused behind variation selectors, look-alike letters, the 作者 mark or the author name, storing nothing', async () => {
    const articleId = await createArticle(api, token);
    await setSiteAuthor('Alice Chen');
    try {
      const cases: [string, string][] = [
        ['admin\uFE0F', 'admin'],
        ['owner\u{E0100}', 'owner'],
        ['\u0430dmin', '\u0430dmin'],
        ['\u0410D\u041CIN', '\u0410D\u041CIN'],
        ['Alice Chen 作者', 'Alice Chen 作者'],
        ['作者 Alice Chen', '作者 Alice Chen'],
        ['alice chen (blog)', 'alice chen (blog)'],
        ['\u0410lice Chen', '\u0410lice Chen'],
        ['小明（作者）', '小明（作者）'],
      ];
      for (const [author, shown] of cases) {
        const response = await postComment(api, articleId, { author });
        expect([author, response.status, response.body.msg]).toEqual([author, 400, `昵称“${shown}”为博主保留，请换一个`]);
      }
      expect(await adminComments(articleId)).toEqual([]);
      for (const author of ['Alice', 'admin2', '博主的粉丝', 'Chenny']) {
        expect((await postComment(api, articleId, { author })).status, author).toBe(201);
      }
    } finally {
      await setSiteAuthor('');
    }
  });
});
