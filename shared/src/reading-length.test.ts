import { describe, expect, it } from 'vitest';
import { readingLengthOf } from './reading-length.js';

describe('readingLengthOf', () => {
  it('counts each Chinese character once and each English word once', () => {
    expect(readingLengthOf('你好，世界。Hello brave new world!')).toMatchObject({ cjkChars: 4, words: 4, total: 8 });
  });

  it('counts kana and Hangul as characters, and contractions and version numbers as one word', () => {
    expect(readingLengthOf("ひらがな 한국어 don't v1.2.3")).toMatchObject({ cjkChars: 7, words: 2 });
  });

  it('leaves out images, link targets, bare URLs, HTML tags and Mermaid diagrams, keeping link text and code', () => {
    const body = [
      '# 标题',
      '![screenshot.png](/uploads/528fc8a1.png)',
      '见[文档](https://example.com/docs/very/long/path)和 https://example.com/a/b/c 。',
      '<div class="note">注意</div>',
      '```mermaid',
      'graph TD; Alpha-->Beta',
      '```',
      '```js',
      'const answer = 42;',
      '```',
    ].join('\n');
    expect(readingLengthOf(body)).toMatchObject({ cjkChars: 8, words: 3 });
  });

  it('reads 400 Chinese characters or 200 words a minute, rounded, and never less than one minute', () => {
    expect(readingLengthOf('').minutes).toBe(1);
    expect(readingLengthOf('字'.repeat(100)).minutes).toBe(1);
    expect(readingLengthOf('字'.repeat(1200)).minutes).toBe(3);
    expect(readingLengthOf('word '.repeat(1000)).minutes).toBe(5);
    expect(readingLengthOf(`${'字'.repeat(400)} ${'word '.repeat(200)}`).minutes).toBe(2);
  });
});
