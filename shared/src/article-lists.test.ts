import { describe, expect, it } from 'vitest';
import {
  articleListFeedPath,
  articleListPagePath,
  parseArticleListFeedPath,
  parseArticleListPath,
  tagPath,
} from './article-lists.js';

describe('article list addresses', () => {
  it('write a tag or category as one percent-encoded segment, Chinese and slashes included, and read it back', () => {
    for (const name of ['性能优化', 'CI/CD', 'C# 与 .NET', '100%']) {
      const scope = { kind: 'tag', name } as const;
      expect(parseArticleListPath(tagPath(name))).toEqual({ scope, page: 1 });
      expect(parseArticleListPath(articleListPagePath(scope, 3))).toEqual({ scope, page: 3 });
      expect(parseArticleListFeedPath(articleListFeedPath(scope))).toEqual(scope);
    }
    expect(tagPath('CI/CD')).toBe('/tags/CI%2FCD');
  });

  it('give page 1 no /page/1 address, and read no other page number form', () => {
    expect(articleListPagePath({ kind: 'all' }, 1)).toBe('/articles');
    expect(articleListPagePath({ kind: 'category', name: '随笔' }, 2)).toBe('/categories/%E9%9A%8F%E7%AC%94/page/2');
    expect(parseArticleListPath('/articles/')).toEqual({ scope: { kind: 'all' }, page: 1 });
    for (const path of [
      '/articles/page/1',
      '/articles/page/0',
      '/articles/page/02',
      '/articles/page',
      '/articles/page/x',
      '/tags/',
      '/tags/%E0%A4%A',
    ])
      expect(parseArticleListPath(path), path).toBeNull();
  });
});
