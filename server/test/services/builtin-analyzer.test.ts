import { describe, expect, it } from 'vitest';
import { TAGS_PATTERN } from '@folio/shared';
import { analyzeWithKeywords } from '../../src/services/ai/builtin-analyzer.js';
import { applyOutputRules } from '../../src/services/ai/analyze.service.js';
import { parseAnswer } from '../../src/services/ai/provider.js';
import {
  dockerKubernetesArticle,
  mysqlIndexArticle,
  ragArticle,
  reactHooksArticle,
  travelEssay,
} from './builtin-analyzer.fixtures.js';

function expectSavable(tags: string[]) {
  expect(tags.length).toBeGreaterThanOrEqual(3);
  expect(tags.length).toBeLessThanOrEqual(5);
  expect(TAGS_PATTERN.test(tags.join(','))).toBe(true);
  expect(new Set(tags.map((tag) => tag.toLowerCase())).size).toBe(tags.length);
}

describe('built-in analyser on real articles', () => {
  it('files a Chinese React Hooks article under 前端开发 with React and Hooks as tags', () => {
    const result = analyzeWithKeywords(reactHooksArticle);
    expect(result.category).toBe('前端开发');
    expect(result.tags).toEqual(expect.arrayContaining(['React', 'Hooks']));
    expectSavable(result.tags);
    expect(result.summary.startsWith('在 React 16.8 之前，函数组件无法拥有自己的状态')).toBe(true);
    expect(result.summary.length).toBeLessThanOrEqual(100);
  });

  it('files a Chinese MySQL index article under 数据库 with MySQL and 索引', () => {
    const result = analyzeWithKeywords(mysqlIndexArticle);
    expect(result.category).toBe('数据库');
    expect(result.tags).toEqual(expect.arrayContaining(['MySQL', '索引']));
    expectSavable(result.tags);
    // The `# ` heading repeats the title; the summary starts with the prose instead.
    expect(result.summary.startsWith('索引是数据库性能的关键。')).toBe(true);
    expect(result.summary).not.toMatch(/CREATE INDEX|#/);
  });

  it('files an English Docker and Kubernetes deployment article under 运维部署', () => {
    const result = analyzeWithKeywords(dockerKubernetesArticle);
    expect(result.category).toBe('运维部署');
    expect(result.tags.slice(0, 2).sort()).toEqual(['Docker', 'Kubernetes']);
    expectSavable(result.tags);
    expect(result.summary.startsWith('This guide walks through packaging a small HTTP service')).toBe(true);
    expect(result.summary.length).toBeLessThanOrEqual(100);
    expect(result.summary).not.toContain('FROM node');
  });

  it('files a Chinese RAG article under 人工智能', () => {
    const result = analyzeWithKeywords(ragArticle);
    expect(result.category).toBe('人工智能');
    expect(result.tags).toEqual(expect.arrayContaining(['RAG', '大模型']));
    expectSavable(result.tags);
  });

  it('puts a text with no technical terms under 其他, tagged with its own repeated words', () => {
    const result = analyzeWithKeywords(travelEssay);
    expect(result.category).toBe('其他');
    expect(result.tags).toEqual(expect.arrayContaining(['西湖', '杭州']));
    expect(result.tags).not.toContain('去了');
    expectSavable(result.tags);
  });

  it("prefers the owner's category when the title names it", () => {
    const result = analyzeWithKeywords(
      { title: 'Rust 学习笔记：所有权与借用', summary: '', content: '记录 Rust 所有权和借用检查器的规则。' },
      ['学习笔记'],
    );
    expect(result.category).toBe('学习笔记');
    expect(result.tags[0]).toBe('Rust');
  });

  it('reads no tags from code, links, images or HTML, and writes a plain-text summary', () => {
    const result = analyzeWithKeywords({
      title: '一次小重构',
      summary: '',
      content:
        '<div align="center"><b>横幅</b></div>\n\n![图片说明 Kubernetes](/uploads/a.png)\n\n这次重构把**配置读取**集中到了一个模块，详见[这篇记录](https://example.com/kafka)。\n\n```go\npackage main\n```\n',
    });
    expect(result.summary).toBe('这次重构把配置读取集中到了一个模块，详见这篇记录。');
    expect(result.tags).not.toContain('Kubernetes');
    expect(result.tags).not.toContain('Kafka');
  });
});

describe('output rules', () => {
  const request = { title: 't', content: 'c', summary: '' };

  it('cleans tags to the 9.1 rule, drops duplicates and empties, and keeps at most five', () => {
    const result = applyOutputRules(
      { category: 'x', tags: ['C++', 'c', 'Node.js', '!!', ' 性能 优化 ', 'a,b', 'seven', 'eight'], summary: '' },
      request,
      'provider',
    );
    expect(result.tags).toEqual(['C', 'Nodejs', '性能 优化', 'a', 'b']);
  });

  it('keeps a category to one line without commas and at most 64 characters', () => {
    expect(applyOutputRules({ category: '后端开发，Go', tags: [], summary: '' }, request, 'provider').category).toBe('后端开发');
    expect(
      applyOutputRules({ category: 'x'.repeat(80), tags: [], summary: '' }, request, 'provider').category.length,
    ).toBeLessThanOrEqual(64);
    // Cutting never splits a character made of two UTF-16 units.
    const emoji = applyOutputRules(
      { category: `a${'😀'.repeat(40)}`, tags: [], summary: `b${'😀'.repeat(150)}` },
      request,
      'provider',
    );
    expect(emoji.category).toBe(`a${'😀'.repeat(31)}`);
    expect(emoji.suggested_summary.length).toBeLessThanOrEqual(200);
    expect(emoji.suggested_summary).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('limits the summary to 200 characters and leaves it empty when the request had one', () => {
    const long = { category: 'x', tags: [], summary: '很长的摘要。'.repeat(60) };
    expect(applyOutputRules(long, request, 'provider').suggested_summary.length).toBeLessThanOrEqual(200);
    expect(applyOutputRules(long, { ...request, summary: '已有' }, 'provider').suggested_summary).toBe('');
  });
});

describe('provider answer parsing', () => {
  it('reads a plain JSON object, a fenced one, and a comma-string of tags', () => {
    expect(parseAnswer('{"category":"数据库","tags":["MySQL"],"summary":"s"}')).toEqual({
      category: '数据库',
      tags: ['MySQL'],
      summary: 's',
    });
    expect(parseAnswer('结果：\n```json\n{"category":"数据库","tags":"MySQL，索引","summary":null}\n```')).toEqual({
      category: '数据库',
      tags: ['MySQL', '索引'],
      summary: '',
    });
  });

  it('rejects text without a JSON object of the right shape', () => {
    expect(() => parseAnswer('no json here')).toThrow('AI服务返回的内容无法解析');
    expect(() => parseAnswer('{"category": ["a"], "tags": []}')).toThrow('AI服务返回的内容无法解析');
    expect(() => parseAnswer('{"category": "a", "tags": [1, 2]}')).toThrow('AI服务返回的内容无法解析');
  });
});
