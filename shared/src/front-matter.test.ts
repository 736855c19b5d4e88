import { describe, expect, it } from 'vitest';
import {
  FrontMatterError,
  articleDatesOf,
  parseFrontMatterDate,
  parseMarkdownArticle,
  titleFromFileName,
} from './front-matter.js';

describe('parseMarkdownArticle', () => {
  it('reads Hexo-style YAML: categories list, tag list, description, cover, date and updated', () => {
    const parsed = parseMarkdownArticle(
      '---\ntitle: 你好 Hexo\ndate: 2024-01-15 10:30:00\nupdated: 2024-02-01\ncategories:\n  - [前端, React]\ntags: [React, JavaScript]\ndescription: 摘要一\ncover: ./cover.png\n---\n\n正文\n',
    );
    expect(parsed).toMatchObject({
      format: 'yaml',
      title: '你好 Hexo',
      titleSource: 'front-matter',
      content: '正文',
      category: '前端',
      tags: ['React', 'JavaScript'],
      summary: '摘要一',
      cover: './cover.png',
      date: '2024-01-15T10:30:00Z',
      updated: '2024-02-01T00:00:00Z',
      warnings: [],
    });
  });

  it('reads Hugo-style TOML with native dates, lastmod, summary and image', () => {
    const parsed = parseMarkdownArticle(
      '+++\ntitle = "Hugo 文章"\ndate = 2024-03-01T08:30:00+08:00\nlastmod = 2024-03-02\ncategories = ["后端"]\ntags = ["Go", "并发"]\nsummary = "Hugo 摘要"\nimage = "images/a.png"\n+++\n正文\n',
    );
    expect(parsed).toMatchObject({
      format: 'toml',
      title: 'Hugo 文章',
      category: '后端',
      tags: ['Go', '并发'],
      summary: 'Hugo 摘要',
      cover: 'images/a.png',
      date: '2024-03-01T00:30:00Z',
      updated: '2024-03-02T00:00:00Z',
    });
  });

  it('takes Jekyll excerpt and thumbnail, a comma tag string, and a single category', () => {
    const parsed = parseMarkdownArticle(
      '---\ntitle: J\ncategory: 随笔\ntags: a, b ,a\nexcerpt: 节选\nthumbnail: /img/t.png\n---\n内容',
    );
    expect(parsed).toMatchObject({ category: '随笔', tags: ['a', 'b', 'a'], summary: '节选', cover: '/img/t.png' });
  });

  it('falls back to the first heading outside code fences, and removes it from the body', () => {
    const parsed = parseMarkdownArticle('```\n# not a title\n```\n\n# 真正的标题\n\n正文');
    expect(parsed.title).toBe('真正的标题');
    expect(parsed.titleSource).toBe('heading');
    expect(parsed.content).toBe('```\n# not a title\n```\n\n\n正文');
  });

  it('drops bad tags and impossible dates with warnings instead of refusing the file', () => {
    const parsed = parseMarkdownArticle('---\ntitle: t\ntags: [Go, C++]\ndate: 2024-02-30\nupdated: 07:30:00\n---\nbody');
    expect(parsed.tags).toEqual(['Go']);
    expect(parsed.date).toBeUndefined();
    expect(parsed.updated).toBeUndefined();
    expect(parsed.warnings.map((warning) => warning.kind)).toEqual(['tag', 'date', 'updated']);
    expect(parsed.warnings[0]?.message).toBe('标签 "C++" 含非法字符，已忽略');
  });

  it('refuses unreadable YAML or TOML, an unclosed block and a list instead of a mapping', () => {
    for (const text of [
      '---\ntitle: [没有闭合\n---\n正文',
      '+++\ntitle = \n+++\n正文',
      '---\ntitle: x\n正文',
      '---\n- a\n---\n正文',
    ]) {
      expect(() => parseMarkdownArticle(text)).toThrow(FrontMatterError);
      expect(() => parseMarkdownArticle(text)).toThrow('Front matter 解析失败');
    }
  });

  it('accepts a BOM and Windows line ends', () => {
    expect(parseMarkdownArticle('\uFEFF---\r\ntitle: W\r\n---\r\n行一\r\n行二').content).toBe('行一\n行二');
  });
});

describe('dates and names', () => {
  it('treats a time without a zone as UTC and refuses anything that is not a date', () => {
    expect(parseFrontMatterDate('2024-03-01 08:30')).toBe('2024-03-01T08:30:00Z');
    expect(parseFrontMatterDate('yesterday')).toBeUndefined();
    expect(parseFrontMatterDate(new Date('2024-05-06T07:08:09.500Z'))).toBe('2024-05-06T07:08:09Z');
  });

  it('derives a title from the file name', () => {
    expect(titleFromFileName('posts/2024/我的文章.markdown')).toBe('我的文章');
  });
});

describe('drafts', () => {
  it("reads Hugo's draft: true and Jekyll's published: false as a draft, and nothing else", () => {
    const draftOf = (frontMatter: string) => parseMarkdownArticle(`---\n${frontMatter}\n---\n正文`).draft;
    expect(draftOf('draft: true')).toBe(true);
    expect(draftOf('draft: "true"')).toBe(true);
    expect(draftOf('published: false')).toBe(true);
    expect(parseMarkdownArticle('+++\ndraft = true\n+++\n正文').draft).toBe(true);
    expect(draftOf('draft: false')).toBe(false);
    expect(draftOf('published: true')).toBe(false);
    expect(draftOf('title: 没有标记')).toBe(false);
    expect(parseMarkdownArticle('# 没有 front matter\n正文').draft).toBe(false);
  });

  it('reads YAML 1.1 yes/no/on/off in any case and keys in any case, as Jekyll, Hugo and Hexo users write them', () => {
    const draftOf = (frontMatter: string) => parseMarkdownArticle(`---\n${frontMatter}\n---\n正文`).draft;
    for (const marked of [
      'published: no',
      'draft: yes',
      'draft: on',
      'published: off',
      'Draft: true',
      'DRAFT: Yes',
      'Published: N',
      'draft: "ON"',
    ]) {
      expect(draftOf(marked), marked).toBe(true);
    }
    for (const unmarked of [
      'published: yes',
      'draft: no',
      'draft: off',
      'Published: On',
      'draft: FALSE',
      'draft:',
      'status: publish',
    ]) {
      expect(draftOf(unmarked), unmarked).toBe(false);
    }
  });

  it('imports a file whose mark is neither yes nor no, or that contradicts itself, as a draft', () => {
    const draftOf = (frontMatter: string) => parseMarkdownArticle(`---\n${frontMatter}\n---\n正文`).draft;
    for (const unclear of [
      'draft: maybe',
      'published: 1',
      'draft: [true]',
      'draft: false\npublished: false',
      'draft: no\nDraft: yes',
      'status: draft',
      'status: private',
    ]) {
      expect(draftOf(unclear), unclear).toBe(true);
    }
  });

  it('reads every field name in any case, the lower-case one first', () => {
    const parsed = parseMarkdownArticle('---\nTitle: 大写的标题\nTAGS: [a, b]\ntitle: 小写的标题\n__proto__: x\n---\n正文');
    expect(parsed).toMatchObject({ title: '小写的标题', tags: ['a', 'b'] });
  });
});

describe('articleDatesOf', () => {
  it('takes updated for the creation when there is no date, and drops an updated earlier than the date', () => {
    expect(articleDatesOf({ date: undefined, updated: '2021-06-01T00:00:00Z' })).toEqual({
      created_at: '2021-06-01T00:00:00Z',
      updated_at: '2021-06-01T00:00:00Z',
      updatedDropped: false,
    });
    expect(articleDatesOf({ date: '2021-08-01T00:00:00Z', updated: '2021-01-01T00:00:00Z' })).toEqual({
      created_at: '2021-08-01T00:00:00Z',
      updated_at: '2021-08-01T00:00:00Z',
      updatedDropped: true,
    });
    expect(articleDatesOf({ date: '2021-08-01T00:00:00Z', updated: '2021-09-01T00:00:00Z' })).toMatchObject({
      created_at: '2021-08-01T00:00:00Z',
      updated_at: '2021-09-01T00:00:00Z',
    });
    expect(articleDatesOf({ date: undefined, updated: undefined })).toEqual({
      created_at: undefined,
      updated_at: undefined,
      updatedDropped: false,
    });
  });
});
