import { describe, expect, it } from 'vitest';
import type { ArticleFields } from './article-fields.js';
import { mergeArticleFields } from './three-way-merge.js';

function buildArticle(overrides: Partial<ArticleFields> = {}): ArticleFields {
  return {
    title: '初版标题',
    category: '随笔',
    tags: 'Go,Rust',
    summary: '一段摘要',
    cover: '/uploads/a.png',
    content: '# 开头\n\n第一段。\n\n第二段。\n\n第三段。\n',
    ...overrides,
  };
}

describe('mergeArticleFields', () => {
  it('keeps the browser’s new title and the desktop’s new body, with no conflict', () => {
    const base = buildArticle();
    const local = buildArticle({ title: '浏览器改的标题' });
    const remote = buildArticle({ content: '# 开头\n\n桌面版重写的第一段。\n' });
    const { merged, conflicts } = mergeArticleFields(base, local, remote);
    expect(conflicts).toEqual([]);
    expect(merged).toEqual(buildArticle({ title: '浏览器改的标题', content: '# 开头\n\n桌面版重写的第一段。\n' }));
  });

  it('takes whichever side changed a field when the other left it as it was', () => {
    const base = buildArticle();
    const { merged, conflicts } = mergeArticleFields(
      base,
      buildArticle({ category: '技术', cover: '' }),
      buildArticle({ summary: '新的摘要', tags: 'Go' }),
    );
    expect(conflicts).toEqual([]);
    expect(merged).toEqual(buildArticle({ category: '技术', cover: '', summary: '新的摘要', tags: 'Go' }));
  });

  it('accepts the same change made on both sides', () => {
    const base = buildArticle();
    const both = buildArticle({ title: '两边同样的新标题', content: '全新的正文\n' });
    expect(mergeArticleFields(base, both, { ...both })).toEqual({ merged: both, conflicts: [] });
  });

  it('merges edits of different paragraphs of the body', () => {
    const base = buildArticle();
    const local = buildArticle({ content: '# 开头\n\n浏览器改了第一段。\n\n第二段。\n\n第三段。\n' });
    const remote = buildArticle({ content: '# 开头\n\n第一段。\n\n第二段。\n\n桌面版改了第三段。\n\n桌面版加的第四段。\n' });
    const { merged, conflicts } = mergeArticleFields(base, local, remote);
    expect(conflicts).toEqual([]);
    expect(merged.content).toBe('# 开头\n\n浏览器改了第一段。\n\n第二段。\n\n桌面版改了第三段。\n\n桌面版加的第四段。\n');
  });

  it('reports the line both sides changed, with its three texts, and merges the rest', () => {
    const base = buildArticle();
    const local = buildArticle({ content: '# 开头\n\n第一段，浏览器的说法。\n\n第二段。\n\n第三段。\n' });
    const remote = buildArticle({ content: '# 开头\n\n第一段，桌面版的说法。\n\n第二段。\n\n第三段，桌面版补充。\n' });
    const { merged, conflicts } = mergeArticleFields(base, local, remote);
    expect(conflicts).toEqual([
      {
        field: 'content',
        base: base.content,
        local: local.content,
        remote: remote.content,
        regions: [{ base: '第一段。', local: '第一段，浏览器的说法。', remote: '第一段，桌面版的说法。' }],
      },
    ]);
    // The conflicting line keeps the local text; the desktop's clean edit of the third paragraph is in.
    expect(merged.content).toBe('# 开头\n\n第一段，浏览器的说法。\n\n第二段。\n\n第三段，桌面版补充。\n');
  });

  it('reports a conflict for a title both sides changed differently, keeping the local one meanwhile', () => {
    const base = buildArticle();
    const { merged, conflicts } = mergeArticleFields(base, buildArticle({ title: '甲' }), buildArticle({ title: '乙' }));
    expect(conflicts).toEqual([{ field: 'title', base: '初版标题', local: '甲', remote: '乙' }]);
    expect(merged.title).toBe('甲');
  });

  it('reports category and cover conflicts, each on its own', () => {
    const base = buildArticle();
    const { conflicts } = mergeArticleFields(
      base,
      buildArticle({ category: '技术', cover: '/uploads/b.png' }),
      buildArticle({ category: '生活', cover: '' }),
    );
    expect(conflicts.map((conflict) => conflict.field)).toEqual(['category', 'cover']);
    expect(conflicts[1]).toEqual({ field: 'cover', base: '/uploads/a.png', local: '/uploads/b.png', remote: '' });
  });

  it('merges tags as lists: both sides’ additions kept, a removal on either side honoured', () => {
    const base = buildArticle({ tags: 'Go,Rust,随笔' });
    const local = buildArticle({ tags: 'Go, Rust, 随笔, TypeScript' });
    const remote = buildArticle({ tags: 'Go,随笔,Zig' });
    const { merged, conflicts } = mergeArticleFields(base, local, remote);
    expect(conflicts).toEqual([]);
    expect(merged.tags).toBe('Go,随笔,TypeScript,Zig');
  });

  it('treats tag lists that differ only in spacing or repeats as the same change', () => {
    const base = buildArticle({ tags: 'Go' });
    const { merged, conflicts } = mergeArticleFields(
      base,
      buildArticle({ tags: 'Go, Rust' }),
      buildArticle({ tags: 'Go,Rust,Rust' }),
    );
    expect(conflicts).toEqual([]);
    expect(merged.tags).toBe('Go,Rust');
  });

  it('merges summaries by lines, so only the same line changed twice conflicts', () => {
    const base = buildArticle({ summary: '第一句\n第二句\n第三句' });
    const clean = mergeArticleFields(
      base,
      buildArticle({ summary: '第一句（改）\n第二句\n第三句' }),
      buildArticle({ summary: '第一句\n第二句\n第三句（改）' }),
    );
    expect(clean.conflicts).toEqual([]);
    expect(clean.merged.summary).toBe('第一句（改）\n第二句\n第三句（改）');

    const clash = mergeArticleFields(
      base,
      buildArticle({ summary: '甲\n第二句\n第三句' }),
      buildArticle({ summary: '乙\n第二句\n第三句' }),
    );
    expect(clash.conflicts).toEqual([
      expect.objectContaining({ field: 'summary', regions: [{ base: '第一句', local: '甲', remote: '乙' }] }),
    ]);
  });

  it('does not see a conflict in line ends: a copy with CRLF merges with one with LF', () => {
    const base = buildArticle({ content: 'a\nb\nc\n' });
    const local = buildArticle({ content: 'A\r\nb\r\nc\r\n' });
    const remote = buildArticle({ content: 'a\nb\nC\n' });
    const { merged, conflicts } = mergeArticleFields(base, local, remote);
    expect(conflicts).toEqual([]);
    expect(merged.content).toBe('A\nb\nC\n');
  });

  it('leaves its inputs untouched', () => {
    const base = buildArticle();
    const local = buildArticle({ title: '甲' });
    const remote = buildArticle({ title: '乙' });
    mergeArticleFields(base, local, remote);
    expect([base.title, local.title, remote.title]).toEqual(['初版标题', '甲', '乙']);
  });
});
