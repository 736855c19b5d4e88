import { describe, expect, it } from 'vitest';
import { bodyFactsOf, excerptOf } from '../../src/presenters/article-excerpt.js';
import { JUNK_BODY } from '../fixtures/junk-markdown.js';

describe('bodyFactsOf', () => {
  it('keeps the prose and leaves out image names, addresses, fences, Mermaid and HTML', () => {
    const { excerpt } = bodyFactsOf(JUNK_BODY);
    expect(excerpt).toBe('第一段正文，见 和 ，还有链接文字与。红字第二段正文。');
    for (const junk of [
      'image.png',
      'photo.jpg',
      '/uploads',
      'http',
      'example',
      '```',
      'fence-content',
      'mermaid',
      'MermaidNode',
      '<',
      'script',
      'alert',
      '开篇标题',
    ]) {
      expect(excerpt).not.toContain(junk);
    }
  });

  it('finds the first image of the body, an upload or an address, never a data URL', () => {
    expect(bodyFactsOf(JUNK_BODY).leadImage).toBe('/uploads/528fc8a1b2c3d4e5f60718293a4b5c6d.png');
    expect(bodyFactsOf('文字\n\n![a](data:image/png;base64,AAAA)\n\n- ![b](https://cdn.example.com/b.webp)').leadImage).toBe(
      'https://cdn.example.com/b.webp',
    );
    expect(bodyFactsOf('没有图片').leadImage).toBe('');
  });

  it('falls back to the headings of a body that has nothing else', () => {
    expect(bodyFactsOf('# 只有标题\n\n## 第二个').excerpt).toBe('只有标题第二个');
  });
});

describe('excerptOf', () => {
  it('keeps a short text whole', () => {
    expect(excerptOf('短短一句。')).toBe('短短一句。');
  });

  it('cuts Chinese at about 120 characters, at the last sentence end, with an ellipsis', () => {
    const sentence = '这是一个用来测试摘要长度的句子，它有二十五个字左右。';
    const excerpt = excerptOf(sentence.repeat(10));
    expect(excerpt.endsWith('。…')).toBe(true);
    // Punctuation costs nothing: the budget counts the characters read.
    const han = excerpt.match(/\p{Script=Han}/gu)?.length ?? 0;
    expect(han).toBeLessThanOrEqual(120);
    expect(han).toBeGreaterThan(60);
  });

  it('cuts Chinese without a sentence end at the budget', () => {
    const excerpt = excerptOf('字'.repeat(300));
    expect(excerpt).toBe(`${'字'.repeat(120)}…`);
  });

  it('cuts English at about 50 words, at a word boundary, never inside a word', () => {
    const words = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
    const excerpt = excerptOf(words);
    expect(excerpt).toBe(`${Array.from({ length: 50 }, (_, index) => `word${index}`).join(' ')}…`);
  });

  it('prefers an English sentence end, and never takes a decimal point for one', () => {
    const text = `${'Pi is 3.14 and more. '.repeat(8)}${'tail '.repeat(40)}`;
    const excerpt = excerptOf(text);
    expect(excerpt.endsWith('more.…')).toBe(true);
  });

  it('never splits a character outside the basic plane', () => {
    const excerpt = excerptOf('𠀀'.repeat(200));
    expect(excerpt).toBe(`${'𠀀'.repeat(120)}…`);
  });
});
