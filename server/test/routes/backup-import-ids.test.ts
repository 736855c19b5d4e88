import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { MAX_IMPORTED_ID } from '../../src/store/record-ids.js';
import { backupArticle as article, freshServer, snapshotDir } from '../fixtures/backup.js';

const TOO_LARGE = MAX_IMPORTED_ID + 1;
const outOfRange = (field: string) => `导入数据格式错误：${field} 超出允许范围：不能大于 ${MAX_IMPORTED_ID}`;

describe('backup import: record ids', () => {
  let ctx: Awaited<ReturnType<typeof freshServer>>;
  beforeAll(async () => {
    ctx = await freshServer();
    await ctx.api('POST', '/api/admin/skills', { token: ctx.token, json: { name: '原有' } });
    await ctx.api('POST', '/api/admin/articles', { token: ctx.token, json: { title: '原有文章', content: '正文' } });
  });
  afterAll(() => ctx.server.close());

  async function expectRefused(json: unknown, field: string): Promise<void> {
    const before = await snapshotDir(ctx.server.dataDir);
    const response = await ctx.api<EnvelopeBody>('POST', '/api/admin/import', { token: ctx.token, json });
    expect(response.status, field).toBe(400);
    expect(response.body).toMatchObject({ code: 1, msg: outOfRange(field) });
    expect(await snapshotDir(ctx.server.dataDir)).toEqual(before);
  }

  it('refuses an id above the bound in every collection, naming the field, and changes nothing', async () => {
    // Valid sections alongside: the import is all or nothing.
    const skills = [{ id: 40, name: '新技能' }];
    await expectRefused({ skills: [...skills, { id: TOO_LARGE, name: 'Go' }] }, 'skills[1].id');
    await expectRefused({ skills, contacts: [{ id: TOO_LARGE, type: 'email', value: 'a@b.c' }] }, 'contacts[0].id');
    await expectRefused({ skills, avatars: [{ id: TOO_LARGE, filename: 'a.png' }] }, 'avatars[0].id');
    const articles = [1, 2, 3, 4].map((id) => article(100 + id));
    articles[3] = article(Number.MAX_SAFE_INTEGER);
    await expectRefused({ skills, articles }, 'articles[3].id');
    const comment = { id: 1, article_id: 101, author: '读者', content: '好' };
    await expectRefused({ articles: [article(101)], comments: [{ ...comment, id: TOO_LARGE }] }, 'comments[0].id');
    await expectRefused(
      { articles: [article(101)], comments: [{ ...comment, article_id: 2 ** 53 + 2 }] },
      'comments[0].article_id',
    );
  });

  it('imports the largest allowed id and gives later creations new, distinct ids after it', async () => {
    const { api, token } = ctx;
    const imported = await api<EnvelopeBody>('POST', '/api/admin/import', {
      token,
      json: { articles: [article(MAX_IMPORTED_ID)], skills: [{ id: MAX_IMPORTED_ID, name: '最大' }] },
    });
    expect(imported.status).toBe(200);
    const articleIds: number[] = [];
    const skillIds: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
        token,
        json: { title: `新${round}`, content: '正文' },
      });
      articleIds.push(created.body.id as number);
      const skill = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: `新技能${round}` } });
      skillIds.push((skill.body.data as { id: number }).id);
    }
    const following = [MAX_IMPORTED_ID + 1, MAX_IMPORTED_ID + 2, MAX_IMPORTED_ID + 3];
    expect(articleIds).toEqual(following);
    expect(skillIds).toEqual(following);
  });
});
