import { describe, expect, it } from 'vitest';
import type { ArticleFields, ArticleRevisionListItem } from '@folio/shared';
import { comparableText, describeRevisionChange, differingFields, revisionSourceLabel } from './revision-history';

function buildFields(overrides: Partial<ArticleFields> = {}): ArticleFields {
  return { title: '标题', category: '随笔', tags: 'Go,Rust', summary: '', cover: '', content: '正文', ...overrides };
}

function buildEntry(revision: number, fields: ArticleFields, source: ArticleRevisionListItem['source'] = 'browser') {
  const entry: ArticleRevisionListItem = {
    revision,
    saved_at: `2026-03-0${revision}T08:00:00.000Z`,
    source,
    title: fields.title,
    body_length: fields.content.length,
  };
  return { entry, fields };
}

describe('revisionSourceLabel', () => {
  it('names every source in Chinese', () => {
    expect(['browser', 'desktop', 'import', 'ai', 'api'].map(revisionSourceLabel)).toEqual([
      '浏览器',
      '桌面版',
      '导入',
      'AI',
      '接口',
    ]);
  });

  it('shows a source it does not know as it was sent, not as a property of the label table', () => {
    expect(revisionSourceLabel('robot')).toBe('robot');
    expect(revisionSourceLabel('toString')).toBe('toString');
  });
});

describe('differingFields', () => {
  it('lists only the fields that differ, in the form’s order', () => {
    expect(differingFields(buildFields(), buildFields({ content: '新正文', title: '新标题' }))).toEqual(['title', 'content']);
    expect(differingFields(buildFields(), buildFields())).toEqual([]);
  });
});

describe('comparableText', () => {
  it('puts one tag on each line, so a diff shows tags added and removed', () => {
    expect(comparableText('tags', buildFields({ tags: 'Go, Rust,,Go' }))).toBe('Go\nRust');
    expect(comparableText('title', buildFields())).toBe('标题');
  });
});

describe('describeRevisionChange', () => {
  it('names the fields a version changed and how much its body grew or shrank', () => {
    const older = buildEntry(2, buildFields({ content: '一二三' }));
    const grown = buildEntry(3, buildFields({ title: '新标题', content: '一二三四五' }));
    expect(describeRevisionChange(grown, older)).toEqual(['改动：标题、内容', '内容多了 2 字']);
    const shrunk = buildEntry(3, buildFields({ content: '一' }));
    expect(describeRevisionChange(shrunk, older)).toEqual(['改动：内容', '内容少了 2 字']);
  });

  it('tells apart versions whose title and length are the same', () => {
    const older = buildEntry(4, buildFields({ category: '随笔', content: '甲乙' }));
    const recategorised = buildEntry(5, buildFields({ category: '技术', content: '甲乙' }));
    const reworded = buildEntry(6, buildFields({ category: '技术', content: '丙丁' }));
    expect(describeRevisionChange(recategorised, older)).toEqual(['改动：分类']);
    expect(describeRevisionChange(reworded, recategorised)).toEqual(['改动：内容']);
  });

  it('falls back on what the list shows while the versions’ fields are loading', () => {
    const older = buildEntry(2, buildFields({ content: '一二三' }));
    const newer = buildEntry(3, buildFields({ title: '新标题', content: '一二三四' }));
    expect(describeRevisionChange({ entry: newer.entry }, older)).toEqual(['改动：标题、内容', '内容多了 1 字']);
    const sameLooking = buildEntry(3, buildFields({ summary: '新摘要', content: '一二三' }));
    expect(describeRevisionChange({ entry: sameLooking.entry }, older)).toEqual([]);
  });

  it('says a version changed nothing only when both versions’ fields are known', () => {
    const older = buildEntry(2, buildFields());
    expect(describeRevisionChange(buildEntry(3, buildFields()), older)).toEqual(['内容与上一版相同']);
  });

  it('marks the oldest kept version as the first one or as the oldest kept', () => {
    expect(describeRevisionChange(buildEntry(1, buildFields()), undefined)).toEqual(['最初的版本']);
    expect(describeRevisionChange(buildEntry(7, buildFields()), undefined)).toEqual(['保留的最早版本']);
  });
});
